#!/bin/sh
# Runs one fuzz target (build it first with Tests/Fuzz/build.sh NAME).
#   Tests/Fuzz/run.sh NAME                 # until stopped
#   Tests/Fuzz/run.sh NAME 2100            # for 2100 seconds
#   Tests/Fuzz/run.sh NAME -runs=10000000  # for ten million executions
#   Tests/Fuzz/run.sh NAME 60 -seed=1      # anything after the second argument goes to libFuzzer
#   Tests/Fuzz/run.sh NAME - crash-file    # "-" skips the limit: replays one input
#
# The working corpus is .build-fuzz/corpus-NAME, seeded from Tests/Fuzz/corpus/NAME (the checked-in,
# minimised corpus) and the seed specs; new crashes land in .build-fuzz/artifacts/.
set -eu
cd "$(dirname "$0")/../.."
name=${1:?usage: Tests/Fuzz/run.sh FuzzPipeline|FuzzStructured|FuzzFrontEnd|FuzzFormatter|FuzzDocumentSync [SECONDS|-runs=N] [libFuzzer flags...]}
shift
limit=${1:-}
[ $# -gt 0 ] && shift
binary=.build-fuzz/$name
[ -x "$binary" ] || { echo "$binary is missing; run Tests/Fuzz/build.sh $name first" >&2; exit 2; }

corpus=.build-fuzz/corpus-$name
mkdir -p "$corpus" .build-fuzz/artifacts
if [ -d "Tests/Fuzz/corpus/$name" ]; then cp -n "Tests/Fuzz/corpus/$name"/* "$corpus"/ 2>/dev/null || true; fi
case $name in
    FuzzStructured)
        # One input per seed spec: its index byte and no edits.
        i=0
        for _ in $(Tests/Fuzz/seeds.sh); do
            printf "\\$(printf %03o "$i")" > "$corpus/seed-$i"
            i=$((i + 1))
        done ;;
    *)
        for file in $(Tests/Fuzz/seeds.sh); do cp "$file" "$corpus/seed-$(basename "$file")"; done ;;
esac

case $limit in
    ''|-) set -- "$@" ;;
    -*) set -- "$limit" "$@" ;;
    *) set -- "-max_total_time=$limit" "$@" ;;
esac
# A replay ("-" and a file) runs just that input; otherwise fuzz the corpus.
if [ "$limit" = - ]; then
    exec "$binary" -dict=Tests/Fuzz/lifecycle.dict "$@"
fi
# Shallow allocation stacks and a smaller quarantine: about 30% more executions a second.
# Replay a crash with "-" to get ASan's full stacks.
# Swift's own backtracer would race ASan's report on a crash; libFuzzer prints the stack.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=4:quarantine_size_mb=64}"
# An edit script longer than 1 + 4 * SpecEditor.maximumEdits bytes is never read.
max_len=4096
[ "$name" = FuzzStructured ] && max_len=193
# -len_control=0: at tens of executions a second, libFuzzer's slow growth of the length limit
# would keep inputs tiny for the whole run.
exec "$binary" "$corpus" -dict=Tests/Fuzz/lifecycle.dict -max_len=$max_len -len_control=0 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1 "$@"
