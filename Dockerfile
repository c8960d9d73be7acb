# Tessera as a container image: the full server (gateway + checkout app) on port 3000, as `npm start` runs it.
#
#   docker build -t tessera .
#   docker run --rm -e MASTER_KEY=… -e DATABASE_URL=postgres://… -p 3000:3000 tessera
#   docker run --rm -e DATABASE_URL=postgres://… tessera node /app/dist/migrate.mjs     (the migrate step)
#
# Two stages: the build installs every dependency, builds the Next.js app and compiles the server and its commands
# into dist/ (scripts/compile.mjs), then copies to /out only the files those load at run time
# (ops/docker/runtime-files.mjs: traced as Next's `standalone` output traces its server, some 7,400 files where the
# production dependencies in full are 60,000); the final stage is the base image plus that tree in one layer (on a
# copying storage driver every layer is a copy of the whole tree, so the file count is the build's time). Nothing is
# downloaded when the container runs. docs/deploy.md says how to run it.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# Dependencies first: this layer is reused until package-lock.json changes.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN npx next build \
 && node --input-type=module -e "import { compile } from './scripts/compile.mjs'; \
      for (const entry of ['server.ts', 'scripts/gateway.ts', 'scripts/migrate.ts', 'scripts/shop.ts', \
        'scripts/keys.ts', 'scripts/notifications.ts', 'scripts/renewals.ts', 'scripts/backup.ts', \
        'scripts/restore.ts']) await compile(entry);" \
 && node ops/docker/healthcheck.mjs --check-syntax-only \
 && node ops/docker/runtime-files.mjs /out/app

FROM ${NODE_IMAGE}
# The application's tree comes last, in one COPY: the classic builder runs every instruction in a container, which on
# a copying storage driver (vfs) is a copy of the whole tree (there, minutes each: tens of thousands of files), so
# everything else is set on the small base first. The published port and the volumes are compose.yaml's (or
# `docker run`'s -p and -v).
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The embedded database's directory (single-container use); with DATABASE_URL nothing is written there.
RUN install -d -o node -g node -m 0700 /data
USER node
# Readiness, not liveness: ready only once migrated and serving, and no longer while it drains on SIGTERM.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "/app/ops/docker/healthcheck.mjs"]
# The server with Next.js's configuration as built (ops/docker/start.mjs), as the runtime files leave out what loading
# next.config.ts takes.
CMD ["node", "--max-semi-space-size=32", "/app/ops/docker/start.mjs"]
# Owned by root whatever USER says: the code is read-only to the process.
COPY --from=build /out/app /app
