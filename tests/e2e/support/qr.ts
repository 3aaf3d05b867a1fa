import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * The picture a raw email (as an SMTP server received it) shows inline under `cid`, decoded from
 * its base64 part. Throws when the email has no such picture.
 */
export function inlinePicture(rawEmail: string, cid: string): Buffer {
  // Each MIME part: its headers, a blank line, then its body up to the next boundary line.
  for (const part of rawEmail.split(/\r?\n--/)) {
    const [headers = '', body = ''] = part.split(/\r?\n\r?\n/, 2);
    const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^Content-ID: <${cid}>$`, 'im').test(unfolded)) continue;
    if (!/^Content-Transfer-Encoding: base64$/im.test(unfolded)) {
      throw new Error(`The picture ${cid} is not base64-encoded`);
    }
    return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  }
  throw new Error(`The email shows no picture with Content-ID <${cid}>`);
}

/** The text a QR code picture (PNG, JPEG…) encodes, read with jsQR from its RGBA pixels. */
export async function decodeQrCode(picture: Buffer): Promise<string> {
  const { data, info } = await sharp(picture)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  if (!code) throw new Error('The picture holds no readable QR code');
  return code.data;
}
