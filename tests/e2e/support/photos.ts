import sharp from "sharp";

/** A small, real picture for a file input: the API checks photos by their bytes. */
export async function photo(name: string, format: "jpeg" | "png" = "jpeg", shade = 0) {
  const buffer = await sharp({
    create: { width: 24, height: 16, channels: 3, background: { r: 110 + shade, g: 78, b: 47 } },
  })
    [format]()
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}
