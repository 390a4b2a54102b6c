# appsim in a container: docker build -t appsim . && docker run -p 8080:8080 -v appsim-data:/data appsim
FROM swift:6.3-bookworm AS build
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmicrohttpd-dev libsqlite3-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY CMicroHTTPD CMicroHTTPD
COPY CSQLite CSQLite
COPY openapi.yaml ./
COPY Sources Sources
COPY Tests Tests
RUN swift build -c release --product appsim --static-swift-stdlib \
    && cp .build/release/appsim /usr/local/bin/appsim

FROM debian:bookworm-slim
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmicrohttpd12 libsqlite3-0 ca-certificates \
    && rm -rf /var/lib/apt/lists/* && mkdir /data
COPY --from=build /usr/local/bin/appsim /usr/local/bin/appsim
ENV APPSIM_HOST=0.0.0.0 APPSIM_PORT=8080 APPSIM_DB=/data/appsim.db
VOLUME /data
EXPOSE 8080
STOPSIGNAL SIGTERM
# Asks /healthz on whichever port APPSIM_PORT names (no curl in the image: bash's /dev/tcp).
HEALTHCHECK --interval=10s --timeout=2s CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${APPSIM_PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -c 12 <&3 | grep -q ' 200'"]
ENTRYPOINT ["/usr/local/bin/appsim", "serve"]
