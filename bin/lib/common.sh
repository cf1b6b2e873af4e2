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

# --- the server's JDK and its start-up archives -------------------------------------------------------------
# bin/ox-server runs on the best JDK it finds: $JAVA_HOME when set, otherwise the newest JDK of at least 17 among
# /usr/lib/jvm/* and the java on the PATH (JDK 25 and later start faster with an AOT cache). The jars are Java 17
# bytecode either way. Each JDK gets its own archive under ox-server/target/startup, made by the build
# (bin/lib/ox-startup-archives); an archive older than any jar on the class path is stale and not used.

# ox4j_jdk_home JAVA: the JDK home of a java executable (resolving links).
ox4j_jdk_home() {
  local bin
  bin=$(readlink -f "$1" 2>/dev/null) || return 1
  dirname "$(dirname "$bin")"
}

# ox4j_jdk_release HOME KEY: a value from the JDK's release file (JAVA_VERSION, JAVA_RUNTIME_VERSION, ...).
ox4j_jdk_release() {
  sed -n "s/^$2=\"\\(.*\\)\"$/\\1/p" "$1/release" 2>/dev/null | head -n 1
}

# ox4j_jdk_feature HOME: the feature version (17, 25, ...), or 0 when unknown.
ox4j_jdk_feature() {
  local v
  v=$(ox4j_jdk_release "$1" JAVA_VERSION)
  v=${v%%.*}
  case $v in ''|*[!0-9]*) echo 0 ;; *) echo "$v" ;; esac
}

# ox4j_jdk_candidates: JDK homes worth considering, one per line.
ox4j_jdk_candidates() {
  local j
  if command -v java >/dev/null 2>&1; then ox4j_jdk_home "$(command -v java)"; fi
  for j in /usr/lib/jvm/*/; do
    [ -x "$j/bin/java" ] && [ ! -L "${j%/}" ] && printf '%s\n' "${j%/}"
  done
}

# ox4j_server_jdk: the JDK home bin/ox-server runs on.
ox4j_server_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    printf '%s' "$JAVA_HOME"
    return
  fi
  local best="" best_v=0 h v
  while IFS= read -r h; do
    v=$(ox4j_jdk_feature "$h")
    if [ "$v" -ge 17 ] && [ "$v" -gt "$best_v" ]; then best=$h; best_v=$v; fi
  done < <(ox4j_jdk_candidates)
  if [ -n "$best" ]; then printf '%s' "$best"; else ox4j_jdk_home "$(command -v java)"; fi
}

# ox4j_archive JDK_HOME: the start-up archive of this checkout's server for that JDK (it may not exist).
ox4j_archive() {
  local key ext=jsa
  key=$(printf '%s|%s' "$1" "$(ox4j_jdk_release "$1" JAVA_RUNTIME_VERSION)" | cksum | cut -d' ' -f1)
  [ "$(ox4j_jdk_feature "$1")" -ge 25 ] && ext=aot
  printf '%s/ox-server/target/startup/ox-server-%s.%s' "$OX4J_HOME" "$key" "$ext"
}

# ox4j_archive_flags JDK_HOME CLASSPATH: JVM options that use the archive, if it exists and is not stale.
ox4j_archive_flags() {
  local archive entry
  archive=$(ox4j_archive "$1")
  [ -f "$archive" ] || return 0
  local IFS=:
  for entry in $2; do
    [ "$entry" -nt "$archive" ] && return 0
  done
  if [ "$(ox4j_jdk_feature "$1")" -ge 25 ]; then
    printf '%s' "-XX:AOTCache=$archive -Xlog:aot=off -Xlog:cds=off"
  else
    printf '%s' "-XX:SharedArchiveFile=$archive -Xlog:cds=off"
  fi
}

# ox4j_server_jvm_flags JDK_HOME: options the server wants on that JDK (quiet about sun.misc.Unsafe on 24+).
ox4j_server_jvm_flags() {
  if [ "$(ox4j_jdk_feature "$1")" -ge 24 ]; then
    printf '%s' "--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED"
  fi
}
