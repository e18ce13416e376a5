/**
 * The Content-Security-Policy: our own files only, nothing remote. `wasm-unsafe-eval` and
 * `worker-src blob:` are for tesseract.js (webcam reading), which runs WebAssembly in a worker.
 * The same policy is in src/renderer/index.html as a meta tag (fallback for file:// loads).
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self' blob: data:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
