#!/bin/bash
# Type-checks the package for macOS on Linux, a library target at a time (issue 44).
# Usage: .ci/mac-typecheck-targets.sh TOOL [DEPLOYMENT_TARGET]   (TOOL: the workplace's mac-typecheck.sh)
# The workplace's tool type-checks one LifecycleCompiler module and the executable. The stages are
# library targets now, so this script runs the tool once on a stub package, for what it prepares
# (Apple's headers from the SDK snapshot, the stdlib's interfaces retargeted to macOS, the Darwin
# overlay, a resource directory), then emits each target's module with the tool's own flags, in
# the order Package.swift gives, with the package name that `package` declarations need.
set -eo pipefail
TOOL=${1:?usage: mac-typecheck-targets.sh TOOL [DEPLOYMENT_TARGET]}; DT=${2:-10.13}
PKG=$(cd "$(dirname "$0")/.." && pwd)
STUB=$(mktemp -d); trap 'rm -rf "$STUB"' EXIT
mkdir -p "$STUB/Sources/LifecycleCompiler" "$STUB/Sources/lifecycle"
echo 'public enum Stub {}' > "$STUB/Sources/LifecycleCompiler/Stub.swift"
echo 'import LifecycleCompiler' > "$STUB/Sources/lifecycle/main.swift"
bash "$TOOL" "$STUB" "$DT" > "$STUB/tool.log" 2>&1 || { cat "$STUB/tool.log"; exit 2; }
# The tool's paths and flags (mac-typecheck.sh: ROOT, SDK, RES, FLAGS).
ROOT=${MACSDK_ROOT:-/tmp/sdk}; SDK=$ROOT/MacOSX12.0.sdk; RES=$ROOT/res
FLAGS=(-target x86_64-apple-macosx$DT -sdk "$SDK" -resource-dir "$RES" -module-cache-path "$ROOT/mcache"
       -Xfrontend -disable-objc-interop -Xfrontend -disable-legacy-type-info -swift-version 6 -wmo)
OUT=$(mktemp -d); trap 'rm -rf "$STUB" "$OUT"' EXIT
cd "$PKG"; rc=0
targets=$(grep -o '\.target(name: "Lifecycle[A-Za-z]*"' Package.swift | sed 's/.*"\(.*\)"/\1/')
for t in $targets; do
  echo "== $t (macOS $DT)"
  swiftc "${FLAGS[@]}" -parse-as-library -module-name "$t" -package-name lifecycle -I "$OUT" -emit-module \
    -emit-module-path "$OUT/$t.swiftmodule" $(find "Sources/$t" -name '*.swift' | sort) || rc=1
done
echo "== lifecycle (macOS $DT)"
swiftc "${FLAGS[@]}" -typecheck -module-name lifecycle -package-name lifecycle -I "$OUT" $(find Sources/lifecycle -name '*.swift' | sort) || rc=1
exit $rc
