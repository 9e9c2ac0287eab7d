"""The papers' printed figures, from the data files the Java code reads too (ccopt-core/src/main/resources/
org/ccopt/reference, each naming its paper and table in its '#' lines; Java: org.ccopt.reference.PaperTable), so that
no figure is copied by hand into a script."""
import csv
import os

DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ccopt-core", "src", "main", "resources",
                   "org", "ccopt", "reference")


def table(name):
    """(header, rows) of NAME.csv, the '#' lines skipped; cells as text."""
    with open(os.path.join(DIR, name + ".csv"), newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.reader(lines))
    return rows[0], rows[1:]


def number(text):
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def rows_by_key(name):
    """{key: [cells after the key, as numbers where they are]} in the file's order."""
    _, rows = table(name)
    return {r[0]: [number(c) if c.replace(".", "", 1).isdigit() else c for c in r[1:]] for r in rows}


def columns(name):
    return table(name)[0]


def cell(name, key, column):
    """The text of NAME.csv's cell in the row whose first column is KEY and in COLUMN."""
    header, rows = table(name)
    return next(r for r in rows if r[0] == key)[header.index(column)]
