# One image for every process of the platform; the command picks the role (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY lib/package.json lib/
COPY gateway/package.json gateway/
COPY rest-adapters/package.json rest-adapters/
COPY subgraphs/auth/package.json subgraphs/auth/
COPY subgraphs/projects/package.json subgraphs/projects/
COPY subgraphs/notifications/package.json subgraphs/notifications/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/schema ./schema
# The pages' own browser scripts, and the operator command line (node bin/platform.mjs <command>).
COPY --from=build /app/gateway/public ./gateway/public
COPY --from=build /app/bin ./bin
USER node
EXPOSE 4000
CMD ["node", "dist/gateway/src/main.js"]
