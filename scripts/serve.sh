#!/bin/sh
# Runs the built server (dist/server.mjs, `npm run build`) with the memory settings of a small
# server (docs/performance.md, "Memory"); `npm start` runs it after building what changed, and a
# service manager may run it as it is. A setting already in the environment is kept.
#  - glibc's allocator: two arenas instead of one per thread, and blocks of 32 KB and more taken
#    from the system and given back when freed (a fixed threshold: glibc's own rises after the
#    first large blocks, and what the start, the compilation of the embedded database's
#    WebAssembly and libvips freed then stayed in the heap; measured after a restart and every
#    page twice: 249 MB at 128 KB, 182 MB at 32 KB);
#  - V8's young generation at 2 MB semi-spaces instead of 16 MB: it is swept more often, and the
#    process holds about 40 MB less after browsing every page.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
cd "$(dirname "$0")/.." || exit 1
exec node --max-semi-space-size=2 dist/server.mjs "$@"
