import QRCode from "qrcode";

/**
 * A QR code of a payment link as an SVG data URL: drawn on the server, shown as an image (the admin's CSP allows
 * `data:` images and nothing inline), and offered for download as it is.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
