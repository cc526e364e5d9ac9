# Switchboard images, built from the repository root:
#   docker build -t switchboard-gateway .                        (the default target: gateway + dashboard)
#   docker build -t switchboard-pbx-simulator --target simulator .
# docker-compose.yml builds both. See docs/deployment.md.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, then the Nx build of the libs, the gateway, the simulator and the dashboard.
FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
# Manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY libs/pbx-api/package.json libs/pbx-api/
COPY libs/live-protocol/package.json libs/live-protocol/
COPY apps/gateway/package.json apps/gateway/
COPY apps/pbx-simulator/package.json apps/pbx-simulator/
COPY apps/dashboard/package.json apps/dashboard/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build -p pbx-api live-protocol pbx-simulator gateway dashboard --output-style=static

# ---- production dependencies of the server side only (no dashboard, no build tools). npm may nest a
# workspace's own versions under it (libs/pbx-api/node_modules), so the whole tree of manifests and
# node_modules is what the runtime stages take.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY --from=build /repo/package.json /repo/package-lock.json ./
COPY --from=build /repo/libs/pbx-api/package.json libs/pbx-api/
COPY --from=build /repo/libs/live-protocol/package.json libs/live-protocol/
COPY --from=build /repo/apps/gateway/package.json apps/gateway/
COPY --from=build /repo/apps/pbx-simulator/package.json apps/pbx-simulator/
COPY --from=build /repo/apps/dashboard/package.json apps/dashboard/
RUN npm ci --omit=dev --no-audit --no-fund \
      -w @switchboard/gateway -w @switchboard/pbx-simulator -w @switchboard/pbx-api -w @switchboard/live-protocol \
 && rm -rf apps/dashboard package-lock.json \
 && npm cache clean --force

# ---- simulator: the stand-in PBX for demos and trials (docker-compose profile "demo").
FROM ${NODE_IMAGE} AS simulator
ENV NODE_ENV=production PBX_SIM_HOST=0.0.0.0 PBX_SIM_PORT=8088 PBX_SIM_SCENARIO=contact-center
WORKDIR /app
COPY --from=prod-deps /repo ./
COPY --from=build /repo/libs/pbx-api/dist libs/pbx-api/dist
COPY --from=build /repo/apps/pbx-simulator/dist apps/pbx-simulator/dist
USER node
EXPOSE 8088
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PBX_SIM_PORT||8088)+'/sim/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/pbx-simulator/dist/main.js"]

# ---- gateway (default target): the gateway serving the built dashboard, as a non-root user.
FROM ${NODE_IMAGE} AS gateway
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /repo ./
COPY --from=build /repo/libs/pbx-api/dist libs/pbx-api/dist
COPY --from=build /repo/libs/live-protocol/dist libs/live-protocol/dist
COPY --from=build /repo/apps/gateway/dist apps/gateway/dist
COPY --from=build /repo/apps/dashboard/dist apps/dashboard/dist
# DATA_DIR belongs to the non-root user, so the gateway can keep its state there; mount a volume on it
# (docker-compose.yml does) so the state outlives the container.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/gateway/dist/main.js"]
