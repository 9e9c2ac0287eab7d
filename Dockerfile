# ccopt as a container: Debian with a Java runtime and the command-line jar.
# Build the jar first, then the image (the build context holds only the jar, see .dockerignore):
#   mvn -B -q package -DskipTests -pl ccopt-cli -am
#   docker build -t ccopt .
#   docker run --rm ccopt demo
#   docker run --rm -v "$PWD/out:/work" ccopt nodemap --traffic bcmp,brev --out /work/run
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends openjdk-17-jre-headless fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
COPY ccopt-cli/target/ccopt.jar /opt/ccopt/ccopt.jar
WORKDIR /work
ENTRYPOINT ["java", "-Xss16m", "-jar", "/opt/ccopt/ccopt.jar"]
CMD ["--help"]
