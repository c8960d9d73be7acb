import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project with tsc; doing it again inside every build only costs time.
  typescript: { ignoreBuildErrors: true },
  // Pages get their full set from proxy.ts; this covers what the proxy does not see (build files, the icon).
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;
