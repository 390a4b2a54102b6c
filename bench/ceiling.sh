#!/bin/sh
# Only for measuring again at a commit older than this folder (docs/performance.md reproduces two figures so):
# such a commit's scripts/bench runs `sh ../shared/bench/ceiling.sh WORK`, ../ being the folder that holds the
# repository, then WORK/mhd_baseline and WORK/sqlite_commit. With ../shared/bench a link to this folder, made from
# the repository's top with
#     mkdir -p ../shared && ln -s "$PWD/bench" ../shared/bench
# this builds them from the sources here (bare-server.c, sqlite-commit.c), under those names. Today's scripts/bench
# builds them itself and does not use this.
set -eu
here=$(cd "$(dirname "$0")" && pwd -P)
"$here/../scripts/bench" --build-only "$1"
ln -sf bare-server "$1/mhd_baseline"
ln -sf sqlite-commit "$1/sqlite_commit"
