#!/bin/sh
# Lists the seed specs, one path a line: the examples, the spec files under Tests/, and the
# fuzz-only seeds (imports, --impl sections, error-laden specs).
cd "$(dirname "$0")/../.."
{
    find Examples Tests -name '*.lifecycle' 2>/dev/null
} | LC_ALL=C sort
