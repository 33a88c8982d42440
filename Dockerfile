# syntax=docker/dockerfile:1
#
# Images built from this file (all from the repository root):
#
#   runtime  one Node image for every back-end service and for the single-machine server;
#            the command picks what runs:
#              node apps/standalone/dist/main.js         (default: everything in one process)
#              node services/<name>/dist/main.js         (one service, distributed mode)
#   web      nginx serving the store bundle at / and the console bundle at /admin/
#
#   docker build --target runtime -t marketplace/runtime:dev .
#   docker build --target web     -t marketplace/web:dev .
#
# The runtime image sets NODE_ENV=production: whatever it runs needs TOKEN_SECRET, SIGNING_SECRET
# and SMTP_URL. The single-machine server keeps its database and files in DATA_DIR (/data):
#   docker run -p 8080:8080 -v marketplace-data:/data --env-file prod.env marketplace/runtime:dev
#
# Adding a workspace (libs/*, services/*, apps/*) needs no change here: manifests, runtime
# dependencies and dist folders are discovered by those globs.
#
# The lockfile pins the native build tools (swc, rolldown) for linux/amd64: on another kind of
# host build with `--platform linux/amd64`.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

# ---------------------------------------------------------------------------------------------
# manifests: the package.json files and the lockfile alone, so that the dependency layers below
# are rebuilt only when a manifest changes, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \; \
 && cp package-lock.json /manifests/ \
 && if [ -f .npmrc ]; then cp .npmrc /manifests/; fi

# ---------------------------------------------------------------------------------------------
# deps: every dependency (build tools included).
FROM ${NODE_IMAGE} AS deps
ENV SCARF_ANALYTICS=false \
    npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci

# ---------------------------------------------------------------------------------------------
# build: back-end workspaces compiled with swc into <workspace>/dist, web bundles with Vite.
# /out collects exactly what the images need, in the repository's layout.
FROM deps AS build
COPY . .
RUN npm run build \
 && mkdir -p /out \
 && for ws in libs/* services/* apps/*; do \
      if [ -d "$ws/dist" ]; then mkdir -p "/out/$ws" && cp -a "$ws/dist" "/out/$ws/dist"; fi; \
    done \
 && for web in web-store web-admin; do \
      test -f "$web/dist/index.html" || { echo "missing $web/dist/index.html" >&2; exit 1; }; \
      mkdir -p "/out/$web" && cp -a "$web/dist" "/out/$web/dist"; \
    done

# ---------------------------------------------------------------------------------------------
# prod-deps: runtime dependencies of the back-end workspaces only (the web apps ship as static
# bundles, so React and the console's libraries stay out of the Node image).
FROM ${NODE_IMAGE} AS prod-deps
ENV SCARF_ANALYTICS=false \
    npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev $(for ws in libs/* services/* apps/*; do printf -- '--workspace=%s ' "$ws"; done)

# ---------------------------------------------------------------------------------------------
# runtime: the image every service runs from.
FROM ${NODE_IMAGE} AS runtime
# ffmpeg/ffprobe for the media pipeline, Noto CJK so Chinese renders in watermarks and PDFs,
# tini as PID 1 so signals reach Node and ffmpeg children are reaped.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg fonts-noto-cjk tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
# The `node` user of the base image (uid 1000) owns only the data folder; the code stays root's.
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/standalone/dist/main.js"]

# ---------------------------------------------------------------------------------------------
# web: the two static bundles behind nginx (unprivileged image: uid 101, port 8080).
# The routes to the services are not baked in: in Kubernetes the ingress sends the API paths to
# the services, and docker-compose mounts extra `location` blocks into /etc/nginx/routes.d/.
FROM ${NGINX_IMAGE} AS web
COPY <<'EOF' /etc/nginx/conf.d/default.conf
server {
    listen 8080;
    server_name _;
    root /usr/share/nginx/html;

    # The store sends its token in a header named `access_token`.
    underscores_in_headers on;
    server_tokens off;
    absolute_redirect off;

    # The store's build writes a .gz copy beside each text file (web-store/precompress.ts): sent as
    # it is to browsers that accept gzip, at the highest level, without compressing per request.
    # The rest (the console's files, answers of the routes) is compressed on the fly.
    gzip_static on;
    gzip on;
    gzip_comp_level 6;
    gzip_min_length 1024;
    gzip_vary on;
    gzip_types text/css application/javascript application/json image/svg+xml text/plain application/wasm;

    location = /healthz {
        access_log off;
        default_type text/plain;
        return 200 "ok\n";
    }

    # API routes added by the deployment (docker-compose mounts them here; empty in Kubernetes).
    include /etc/nginx/routes.d/*.conf;

    # Site-verification files from SITE_VERIFICATION_FILES (written at start by
    # /docker-entrypoint.d/40-site-verification.sh); an unconfigured name is the store's 404 page.
    location ~ "^/[A-Za-z0-9_-]{1,64}\.txt$" {
        root /tmp/site-verification;
        default_type text/plain;
        add_header Cache-Control "no-cache";
        try_files $uri @store;
    }
    location @store {
        add_header Cache-Control "no-cache";
        try_files /index.html =404;
    }

    # An API path no service claimed is a JSON 404, never the store's index.html.
    location /api/ {
        default_type application/json;
        return 404 '{"code":1004,"success":false,"message":"Not Found","data":null}';
    }
    location /admin-api/ {
        default_type application/json;
        return 404 '{"code":1004,"success":false,"message":"Not Found","data":null}';
    }

    # Hashed assets never change; the index files are always revalidated.
    location /assets/ {
        add_header Cache-Control "public, max-age=31536000, immutable";
        try_files $uri =404;
    }
    location /admin/assets/ {
        add_header Cache-Control "public, max-age=31536000, immutable";
        try_files $uri =404;
    }
    location = /index.html {
        add_header Cache-Control "no-cache";
    }
    location = /admin/index.html {
        add_header Cache-Control "no-cache";
    }

    # The console: a single-page app under /admin/.
    location = /admin {
        return 301 /admin/;
    }
    location /admin/ {
        try_files $uri /admin/index.html;
    }

    # The store: a single-page app; unknown paths render its own 404 page.
    location / {
        try_files $uri /index.html;
    }
}
EOF
# The same NAME.txt=content list as the single-machine server reads, checked the same way: a bad
# entry stops the container at start (the image's entrypoint runs this with `set -e`).
COPY --chmod=755 <<'EOF' /docker-entrypoint.d/40-site-verification.sh
#!/bin/sh
set -eu
dir=/tmp/site-verification
rm -rf "$dir"
mkdir -p "$dir"
printf '%s\n' "${SITE_VERIFICATION_FILES:-}" | tr ',' '\n' | while IFS= read -r entry; do
  entry=$(printf '%s' "$entry" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
  [ -n "$entry" ] || continue
  name=$(printf '%s' "${entry%%=*}" | sed 's/[[:space:]]*$//')
  content=$(printf '%s' "${entry#*=}" | sed 's/^[[:space:]]*//')
  if [ "$name" = "$entry" ] || ! printf '%s' "$name" | grep -Eq '^[A-Za-z0-9_-]{1,64}\.txt$' \
    || ! printf '%s' "$content" | grep -Eq '^[ -~]{1,1024}$' || [ -e "$dir/$name" ]; then
    echo "SITE_VERIFICATION_FILES: bad or repeated entry for '$name'" >&2
    exit 1
  fi
  printf '%s' "$content" > "$dir/$name"
done
EOF
USER root
RUN mkdir -p /etc/nginx/routes.d && rm -rf /usr/share/nginx/html/*
COPY --from=build /out/web-store/dist/ /usr/share/nginx/html/
COPY --from=build /out/web-admin/dist/ /usr/share/nginx/html/admin/
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
