# Shared by the scripts in bin/: locate the checkout, build the jars on first use, print a module's classpath.
# Usage (from a script in bin/):  . "$(dirname "$0")/lib/common.sh"; CP=$(ox4j_classpath ox-server)

# Why builtins only on bin/ox-server's path (no sed, head, ls, cat, dirname, cksum, and no $(...) of a function): a
# server is launched per ox_launch_nox call and waits for nothing else, and on the 2-core VM each forked helper cost
# 5-10 ms (about 30 of them took 250 ms before the JVM even started). The helpers answer in REPLY; the printing
# forms (ox4j_classpath, ox4j_server_jdk, ...) are for the other scripts and the tests.

# The checkout: two levels above this file (logical path, as pwd gives it), found without a subshell.
ox4j__here=${BASH_SOURCE[0]%/*}
[ "$ox4j__here" = "${BASH_SOURCE[0]}" ] && ox4j__here=.
ox4j__cwd=$PWD
# (CDPATH off and stdout quiet: a cd that consulted CDPATH would print the directory into the server's output)
CDPATH='' cd -- "$ox4j__here/../.." >/dev/null && OX4J_HOME=$PWD
CDPATH='' cd -- "$ox4j__cwd" >/dev/null || true
unset ox4j__here ox4j__cwd

# ox4j_build: package every module without tests (first use, or when a jar is missing).
ox4j_build() {
  echo "ox4j: building the jars (first use) ..." >&2
  (cd "$OX4J_HOME" && mvn -B -q -DskipTests package >&2) || {
    echo "ox4j: build failed; run 'mvn -B -DskipTests package' in $OX4J_HOME to see why" >&2
    exit 1
  }
}

# ox4j__module_jar MODULE: REPLY = the module's jar (not -sources or -tests), or empty.
ox4j__module_jar() {
  local f
  REPLY=""
  for f in "$OX4J_HOME/$1/target/$1"-*.jar; do
    case $f in *-sources.jar|*-tests.jar) continue ;; esac
    [ -f "$f" ] && { REPLY=$f; return; }
  done
}

# ox4j_classpath_reply MODULE: REPLY = the module's jar followed by its runtime dependencies (target/classpath.txt,
# written by maven-dependency-plugin at package time); builds on first use.
ox4j_classpath_reply() {
  local cpfile="$OX4J_HOME/$1/target/classpath.txt" jar deps=""
  ox4j__module_jar "$1"
  if [ -z "$REPLY" ] || [ ! -f "$cpfile" ]; then
    ox4j_build
    ox4j__module_jar "$1"
  fi
  jar=$REPLY
  IFS= read -r deps < "$cpfile" || true
  REPLY="$jar:$deps"
}

# ox4j_classpath MODULE: prints the module's classpath (see ox4j_classpath_reply).
ox4j_classpath() {
  ox4j_classpath_reply "$1"
  printf '%s' "$REPLY"
}

# ox4j_tool_java_reply MODULE TOOL: REPLY = the java command and options for a master-side tool of MODULE (ox-demo,
# ox-bench, oxsh): the server's JDK choice (JAVA_HOME first, else the newest JDK found) and, on JDK 19 and later, a
# class-data archive of the tool's own that the JVM writes at the first run's exit and re-creates when a jar changed
# ($OX4J_HOME/MODULE/target/startup/TOOL-<jdk>.jsa). Why: a fresh master JVM loads some 3000 classes and compiles
# their loading paths while the servers it launches start on the same cores; measured with ServerGroup.launchLocal(8)
# on the 2-core VM, the first launch in a fresh master took 1.9 s (1.6 s of the master's CPU) on JDK 17, 1.4-1.5 s
# with the archive on JDK 25. JVM warnings go to stderr, never into a tool's output; the archive's own messages not at
# all (classes it skips, or the "shared class paths mismatch" error after a rebuild, when it is simply re-created).
ox4j_tool_java_reply() {
  local jdk key flags=""
  ox4j_server_jdk_reply
  jdk=$REPLY
  ox4j_jdk_feature_reply "$jdk"
  if [ "$REPLY" -ge 24 ]; then
    # (not --enable-native-access: the JDK's base archive was dumped without it, and a dynamic archive on top of it
    # is then refused with an error at every start)
    flags="--sun-misc-unsafe-memory-access=allow "
  fi
  if [ "$REPLY" -ge 19 ]; then
    ox4j__jdk_key_reply "$jdk"
    key=$REPLY
    mkdir -p "$OX4J_HOME/$1/target/startup"
    flags="$flags-XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=$OX4J_HOME/$1/target/startup/$2$key.jsa"
    flags="$flags -Xlog:disable -Xlog:all=warning,cds*=off,aot*=off:stderr"
  fi
  REPLY="$jdk/bin/java $flags"
}

# --- the server's JDK and its start-up archives -------------------------------------------------------------
# bin/ox-server runs on the best JDK it finds: $JAVA_HOME when set, otherwise the newest JDK of at least 17 among
# /usr/lib/jvm/*, otherwise the java on the PATH (JDK 25 and later start faster with an AOT cache). The jars are Java 17
# bytecode either way. Each JDK gets its own archive under ox-server/target/startup, made by the build
# (bin/lib/ox-startup-archives); an archive older than any jar on the class path is stale and not used.

# ox4j_jdk_home JAVA: the JDK home of a java executable (resolving links).
ox4j_jdk_home() {
  local bin
  bin=$(readlink -f "$1" 2>/dev/null) || return 1
  bin=${bin%/*}
  printf '%s' "${bin%/*}"
}

# ox4j_jdk_release_reply HOME KEY: REPLY = a value from the JDK's release file (JAVA_VERSION, JAVA_RUNTIME_VERSION,
# ...), or empty.
ox4j_jdk_release_reply() {
  local line
  REPLY=""
  [ -r "$1/release" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in
      "$2=\""*\") line=${line#"$2=\""}; REPLY=${line%\"}; return 0 ;;
    esac
  done < "$1/release"
}

# ox4j_jdk_release HOME KEY: prints that value.
ox4j_jdk_release() {
  ox4j_jdk_release_reply "$1" "$2"
  printf '%s' "$REPLY"
}

# ox4j_jdk_feature_reply HOME: REPLY = the feature version (17, 25, ...), or 0 when unknown.
ox4j_jdk_feature_reply() {
  ox4j_jdk_release_reply "$1" JAVA_VERSION
  REPLY=${REPLY%%.*}
  case $REPLY in ''|*[!0-9]*) REPLY=0 ;; esac
}

# ox4j_jdk_feature HOME: prints the feature version.
ox4j_jdk_feature() {
  ox4j_jdk_feature_reply "$1"
  echo "$REPLY"
}

# ox4j__jdk_dir DIR: whether DIR is a JDK home of its own (has bin/java and is not a link to another one).
ox4j__jdk_dir() {
  [ -x "$1/bin/java" ] && [ ! -L "$1" ]
}

# ox4j_jdk_candidates: JDK homes worth considering, one per line.
ox4j_jdk_candidates() {
  local j
  if command -v java >/dev/null 2>&1; then ox4j_jdk_home "$(command -v java)"; echo; fi
  for j in /usr/lib/jvm/*/; do
    ox4j__jdk_dir "${j%/}" && printf '%s\n' "${j%/}"
  done
}

# ox4j_server_jdk_reply: REPLY = the JDK home bin/ox-server runs on. The java on the PATH is only resolved (one
# readlink) when no JDK of at least 17 lives in /usr/lib/jvm.
ox4j_server_jdk_reply() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    REPLY=$JAVA_HOME
    return
  fi
  local best="" best_v=0 j
  for j in /usr/lib/jvm/*/; do
    j=${j%/}
    ox4j__jdk_dir "$j" || continue
    ox4j_jdk_feature_reply "$j"
    if [ "$REPLY" -ge 17 ] && [ "$REPLY" -gt "$best_v" ]; then best=$j; best_v=$REPLY; fi
  done
  if [ -z "$best" ] && command -v java >/dev/null 2>&1; then
    best=$(ox4j_jdk_home "$(command -v java)")
  fi
  REPLY=$best
}

# ox4j_server_jdk: prints that JDK home.
ox4j_server_jdk() {
  ox4j_server_jdk_reply
  printf '%s' "$REPLY"
}

# ox4j__jdk_key_reply JDK_HOME: REPLY = the part of an archive's file name that names the JDK: its home and runtime
# version, with every other character than letters, digits and . + - made _.
ox4j__jdk_key_reply() {
  ox4j_jdk_release_reply "$1" JAVA_RUNTIME_VERSION
  REPLY="$1-$REPLY"
  REPLY=${REPLY//[^A-Za-z0-9.+-]/_}
}

# ox4j_archive_reply JDK_HOME: REPLY = the start-up archive of this checkout's server for that JDK (it may not
# exist), named after the JDK's home and runtime version.
ox4j_archive_reply() {
  local ext=jsa key
  ox4j__jdk_key_reply "$1"
  key=$REPLY
  ox4j_jdk_feature_reply "$1"
  [ "$REPLY" -ge 25 ] && ext=aot
  REPLY="$OX4J_HOME/ox-server/target/startup/ox-server$key.$ext"
}

# ox4j_archive JDK_HOME: prints that archive's path.
ox4j_archive() {
  ox4j_archive_reply "$1"
  printf '%s' "$REPLY"
}

# ox4j_archive_flags_reply JDK_HOME CLASSPATH: REPLY = JVM options that use the archive, if it exists and is not
# stale (older than an entry of the class path), else empty.
ox4j_archive_flags_reply() {
  local archive entry
  ox4j_archive_reply "$1"
  archive=$REPLY
  REPLY=""
  [ -f "$archive" ] || return 0
  local IFS=:
  for entry in $2; do
    [ "$entry" -nt "$archive" ] && return 0
  done
  ox4j_jdk_feature_reply "$1"
  if [ "$REPLY" -ge 25 ]; then
    REPLY="-XX:AOTCache=$archive -Xlog:aot*=off -Xlog:cds=off"
  else
    REPLY="-XX:SharedArchiveFile=$archive -Xlog:cds=off"
  fi
}

# ox4j_archive_flags JDK_HOME CLASSPATH: prints those options.
ox4j_archive_flags() {
  ox4j_archive_flags_reply "$1" "$2"
  printf '%s' "$REPLY"
}

# ox4j_server_jvm_flags_reply JDK_HOME: REPLY = options the server wants on that JDK (quiet about sun.misc.Unsafe on
# 24+), and the serial collector unless JAVA_OPTS names a collector. Why serial: a server is one session computing
# on one thread at a time, allocating short-lived numbers fast; the serial collector reuses a small young
# generation, while G1 and Parallel spread the first seconds' allocation over a gigabyte or more of fresh pages, and
# a page touched for the first time is expensive on a virtual machine (about 20 us per 4 KiB on the 2-core VM).
# Measured there (bin/ox-demo --servers 1, katsura-8 over Q, cold server): 0.10 million page faults and a 2.7-3.3 s
# certificate with serial, 0.39 million and 6.8 s with G1, 10.6 s with Parallel; warm runs are equal
# (benchmarks/results/kernel.md).
# Transparent huge pages for the heap where the kernel gives them on request ("madvise" or "always"), for the same
# reason: a fresh 2 MiB page costs about half of what its 512 small pages cost there, and a server computing katsura-9
# over Q touched 70 000 small pages where it now touches 20 000-30 000 in all (bin/ox-demo, three alternated pairs:
# the group 9.6-10.0 s against 10.3-10.9 s, the server alone 12.3-13.4 s against 12.8-12.9 s; readiness unchanged,
# the first round trips of bin/ox-bench startup 2-3 ms against 5-10 ms). Read with the shell's own read: no fork.
ox4j_server_jvm_flags_reply() {
  local flags="" thp=""
  ox4j_jdk_feature_reply "$1"
  if [ "$REPLY" -ge 24 ]; then
    flags="--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED "
  fi
  if [ -r /sys/kernel/mm/transparent_hugepage/enabled ]; then
    read -r thp < /sys/kernel/mm/transparent_hugepage/enabled || thp=""
  fi
  case "$thp" in
    *"[always]"*|*"[madvise]"*) flags="${flags}-XX:+UseTransparentHugePages " ;;
  esac
  case " ${JAVA_OPTS:-} " in
    *" -XX:+Use"*"GC "*) ;;
    *) flags="${flags}-XX:+UseSerialGC" ;;
  esac
  REPLY=$flags
}

# ox4j_server_jvm_flags JDK_HOME: prints those options.
ox4j_server_jvm_flags() {
  ox4j_server_jvm_flags_reply "$1"
  printf '%s' "$REPLY"
}
