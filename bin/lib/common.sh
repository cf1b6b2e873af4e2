# Shared by the scripts in bin/: locate the checkout, build the jars on first use, print a module's classpath.
# Usage (from a script in bin/):  . "$(dirname "$0")/lib/common.sh"; CP=$(ox4j_classpath ox-server)

OX4J_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# ox4j_build: package every module without tests (first use, or when a jar is missing).
ox4j_build() {
  echo "ox4j: building the jars (first use) ..." >&2
  (cd "$OX4J_HOME" && mvn -B -q -DskipTests package >&2) || {
    echo "ox4j: build failed; run 'mvn -B -DskipTests package' in $OX4J_HOME to see why" >&2
    exit 1
  }
}

# ox4j_classpath MODULE: the module's jar followed by its runtime dependencies (target/classpath.txt,
# written by maven-dependency-plugin at package time).
ox4j_classpath() {
  local module=$1 jar cpfile
  jar=$(ls "$OX4J_HOME/$module/target/$module"-*.jar 2>/dev/null | grep -v -e '-sources' -e '-tests' | head -n 1)
  cpfile="$OX4J_HOME/$module/target/classpath.txt"
  if [ -z "$jar" ] || [ ! -f "$cpfile" ]; then
    ox4j_build
    jar=$(ls "$OX4J_HOME/$module/target/$module"-*.jar 2>/dev/null | grep -v -e '-sources' -e '-tests' | head -n 1)
  fi
  printf '%s:%s' "$jar" "$(cat "$cpfile")"
}

# ox4j_java: the java executable (JAVA_HOME if set).
ox4j_java() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    printf '%s' "$JAVA_HOME/bin/java"
  else
    printf 'java'
  fi
}
