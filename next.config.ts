import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project with tsc; doing it again inside every build only costs time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
