# ccopt's daemon client, sourced by ./ccopt: it runs a command in the daemon that serves the working directory
# (org.ccopt.cli.Daemon, whose comment gives the protocol), over bash's /dev/tcp, without starting a process but one
# cat for the standard output. Every function keeps the caller's shell options (local -).

# ccopt_daemon_file STATES: sets ccopt_state to the state file of the working directory's daemon, named by a 64-bit
# FNV-1a digest of the directory's physical path (the file records the path itself, which the client checks)
ccopt_daemon_file() {
  local - dir h=$((0xcbf29ce484222325)) i c
  set +eu
  builtin cd -P . && dir=$PWD
  for ((i = 0; i < ${#dir}; i++)); do
    printf -v c '%d' "'${dir:i:1}"
    h=$(((h ^ c) * 0x100000001b3))
  done
  printf -v ccopt_state '%s/%016x' "$1" "$h"
}

# ccopt_daemon_read STATE: reads the state file into the caller's port, secret and pid. Fails with 1 where there is
# none, 2 where it cannot be trusted (another user's file or folder, or one others may write: a line on stderr says
# which) and 3 where it is another directory's (a digest collision)
ccopt_daemon_read() {
  local IFS=$' \t\n' folder=. dir stats # a trap may run inside a read with IFS emptied
  [[ -f "$1" ]] || return 1
  [[ "$1" == */* ]] && folder=${1%/*}/
  if [[ -L "$1" ]] || ! stats=($(stat -c '%u %a' -- "$folder" "$1" 2>/dev/null)) || ((${#stats[@]} != 4)); then
    echo "ccopt: not using the daemon: its state file $1 is a link or cannot be examined" >&2
    return 2
  elif [[ "${stats[0]}" != "$EUID" || "${stats[2]}" != "$EUID" ]]; then
    echo "ccopt: not using the daemon: its state file $1 or its folder belongs to user id ${stats[2]}/${stats[0]}," \
      "not to you ($EUID)" >&2
    return 2
  elif (((8#${stats[1]} & 8#022) != 0 || (8#${stats[3]} & 8#077) != 0)); then
    echo "ccopt: not using the daemon: its folder (mode ${stats[1]}) or state file $1 (mode ${stats[3]}) is open to" \
      "others; expected a folder no one else may write in and a file only you may read" >&2
    return 2
  fi
  { read -r port secret pid && IFS= read -r dir; } 2>/dev/null <"$1" || return 1
  builtin cd -P . 2>/dev/null
  [[ "$dir" == "$PWD" ]] || return 3
}

# ccopt_daemon_connect STATE: reads the state file (ccopt_daemon_read, whose status it returns) and opens a connection
# as the caller's fd; fails with 1 where nothing listens
ccopt_daemon_connect() {
  ccopt_daemon_read "$1" || return $?
  { exec {fd}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null
}

# ccopt_daemon_ask STATE VERB: sends VERB (status, stop) and prints the daemon's answer; fails where none answers
ccopt_daemon_ask() {
  local - port secret pid fd reply
  set +eu
  ccopt_daemon_connect "$1" || return 1
  printf '%s\0' "$secret" "$2" >&"$fd"
  IFS= read -r -d '' reply <&"$fd"
  exec {fd}>&-
  [[ -n "$reply" ]] || return 1
  printf '%s\n' "$reply"
}

# ccopt_daemon_run STATE JAVA ARGS...: runs the command in the daemon; returns 0 with its exit code in ccopt_rc when
# the daemon ran it, 1 when it did not (no daemon, or it sent the command back): the caller then runs it itself
ccopt_daemon_run() {
  local - state=$1 java=$2 port secret pid fd out err reply id frame cat_pid status cancelled=0
  set +eu
  shift 2
  ccopt_rc=
  [[ -f "$state" ]] || return 1
  # Ctrl-C: the daemon ends as the command's own JVM would (a search prints its best, a checkpoint is saved); the
  # output that follows is still shown. Before the command has an id, nothing has started: it never will
  trap 'cancelled=1; [[ -n "$id" ]] && ccopt_daemon_cancel "$state" "$id"' INT TERM
  ccopt_daemon_connect "$state"
  status=$?
  if ((status != 0)); then
    trap - INT TERM
    ((status == 1)) && rm -f "$state" # the daemon is gone
    return 1
  fi
  out=$fd
  builtin cd -P .
  printf '%s\0' "$secret" run "$java" "$PWD" "$#" "$@" >&"$out"
  IFS= read -r -d '' reply <&"$out"
  if ((!cancelled)) && [[ "$reply" == "ok "* ]]; then
    id=${reply#ok }
    ccopt_daemon_connect "$state" || fd=
  fi
  if ((cancelled)) || [[ -z "$id" || -z "$fd" ]]; then
    trap - INT TERM
    [[ -n "$id" && -n "$fd" ]] && exec {fd}>&-
    exec {out}>&-
    ((cancelled)) || return 1 # the daemon sent it back, or it has not started: it never starts without the attach
    ccopt_rc=130
    return 0
  fi
  err=$fd
  printf '%s\0' "$secret" attach "$id" >&"$err"
  cat <&"$out" &
  cat_pid=$!
  while :; do
    IFS= read -r -d '' frame <&"$err"
    status=$?
    if ((status == 0)); then
      case "${frame:0:1}" in
        e) printf '%s' "${frame:1}" >&2 ;;
        x) ccopt_rc=${frame:1} ;;
      esac
    elif ((status <= 128)); then
      break # the end of the connection (above 128: a signal's trap interrupted the read; go on reading)
    fi
  done
  while ! wait "$cat_pid"; do
    kill -0 "$cat_pid" 2>/dev/null || break
  done
  trap - INT TERM
  exec {out}>&- {err}>&-
  if ((cancelled)); then
    ccopt_rc=130 # as a JVM ended by SIGINT, whatever its command returned meanwhile
  elif [[ -z "$ccopt_rc" ]]; then
    echo "ccopt: the daemon ended during the command; './ccopt daemon start' starts another" >&2
    ccopt_rc=1
  fi
  return 0
}

ccopt_daemon_cancel() {
  local port secret pid fd
  ccopt_daemon_connect "$1" || return 0
  printf '%s\0' "$secret" cancel "$2" >&"$fd"
  exec {fd}>&-
}

# ccopt_daemon_start STATE IDLE JAVA LOG CLASSPATH JVM...: starts JVM... with org.ccopt.cli.Daemon STATE IDLE JAVA in
# the background, in a folder only this user may write in, and waits for its state file (the daemon writes it once it
# listens). A jar on CLASSPATH is copied beside the state file first and the daemon runs from the copy, so that a
# rebuild cannot take classes from under a running command; the daemon watches the jar itself for rebuilds
ccopt_daemon_start() {
  local - state=$1 idle=$2 java=$3 log=$4 classpath=$5 pid i served=()
  set +eu
  shift 5
  mkdir -p -m 700 "${state%/*}" || return 1
  rm -f "$state"
  if [[ "$classpath" == *.jar && -f "$classpath" ]]; then
    if ! cp -f -- "$classpath" "$state.jar"; then
      echo "ccopt: the daemon did not start: cannot copy $classpath beside $state" >&2
      return 1
    fi
    served=("$classpath")
    classpath=$state.jar
  fi
  nohup "$@" -cp "$classpath" org.ccopt.cli.Daemon "$state" "$idle" "$java" "${served[@]}" </dev/null >"$log" 2>&1 &
  pid=$!
  for ((i = 0; i < 600; i++)); do
    [[ -s "$state" ]] && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "ccopt: the daemon did not start; see $log" >&2
  kill "$pid" 2>/dev/null
  return 1
}

# ccopt_daemon_stop STATE: asks the daemon to end (once no command runs) and waits up to a minute for it
ccopt_daemon_stop() {
  local - port secret pid i
  set +eu
  ccopt_daemon_read "$1" || return 1
  ccopt_daemon_ask "$1" stop >/dev/null || { rm -f "$1"; return 1; }
  for ((i = 0; i < 600; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  return 0
}
