# appsim in a container (the README's Container section says how to run it):
#   docker build -t appsim . && docker run -d -p 127.0.0.1:8080:8080 -v appsim-data:/data appsim
# Plain Dockerfile syntax only (no BuildKit or podman extensions), so that docker, podman and buildah build it alike.
FROM swift:6.3-bookworm AS build
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
       libmicrohttpd-dev libsqlite3-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The dependencies first, in a layer of their own: editing the sources does not fetch them again. Their versions are
# pinned exactly in Package.swift (Package.resolved is not committed).
COPY Package.swift ./
RUN swift package resolve
COPY CMicroHTTPD CMicroHTTPD
COPY CSQLite CSQLite
COPY openapi.yaml ./
COPY Sources Sources
# Package.swift names the test and example targets too, and SwiftPM wants their folders even for one product.
COPY Tests Tests
COPY Examples Examples
# Stripped: the symbols and debug info are most of the binary, and nothing in the image reads them.
RUN swift build -c release --product appsim --static-swift-stdlib \
    && install -D -m 0755 .build/release/appsim /out/appsim \
    && strip /out/appsim

FROM debian:bookworm-slim
# Only the shared libraries the binary links beyond the base image (`ldd /usr/local/bin/appsim`: libmicrohttpd and
# SQLite for the server, libcurl for the client verbs' URLSession, and what they pull in). The Swift runtime is
# linked in statically.
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libmicrohttpd12 libsqlite3-0 libcurl4 \
    && rm -rf /var/lib/apt/lists/*
# An unprivileged user with a fixed uid (so that `runAsNonRoot` and file owners on the volume can be checked) owns
# /data. VOLUME comes after the chown: a new named volume is filled from the image's /data, owner included.
RUN groupadd --system --gid 10001 appsim \
    && useradd --system --uid 10001 --gid appsim --home-dir /data --no-create-home --shell /usr/sbin/nologin appsim \
    && install -d -o appsim -g appsim -m 0750 /data
COPY --from=build /out/appsim /usr/local/bin/appsim
ENV APPSIM_HOST=0.0.0.0 APPSIM_PORT=8080 APPSIM_DB=/data/appsim.db
VOLUME /data
USER 10001:10001
WORKDIR /data
EXPOSE 8080
# appsim stops cleanly on SIGTERM: it answers what is waiting and closes the database.
STOPSIGNAL SIGTERM
# Healthy only when /healthz answers 200 (the store is writable), on whichever port APPSIM_PORT names. No curl in
# the image: bash's /dev/tcp sends the request, and the status line must begin "HTTP/1.x 200 ".
# "starting" for up to 10 minutes: the first start of a new version on a database of an earlier one brings it up to
# date before listening (about 1.5 minutes per million apps on the test machine); the first answer ends the start
# period.
HEALTHCHECK --interval=10s --timeout=2s --start-period=10m --retries=3 \
    CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${APPSIM_PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -c 13 <&3 | grep -q '^HTTP/1\\.[01] 200 $'"]
ENTRYPOINT ["/usr/local/bin/appsim", "serve"]
