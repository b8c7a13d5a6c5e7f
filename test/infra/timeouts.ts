// Synthesizing the app bundles every function with esbuild: slower than a unit test.
jest.setTimeout(120_000);
