import { describe, expect, it } from "vitest";
import { youTubeEmbedUrl, youTubeId } from "./video.ts";

describe("youTubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=Xb3nTq8LwPc", "Xb3nTq8LwPc"],
    ["https://youtube.com/watch?v=Xb3nTq8LwPc&t=42s", "Xb3nTq8LwPc"],
    ["https://m.youtube.com/watch?feature=share&v=Xb3nTq8LwPc", "Xb3nTq8LwPc"],
    ["https://www.youtube.com/embed/Lm4pW9sQe2A", "Lm4pW9sQe2A"],
    ["https://www.youtube-nocookie.com/embed/Lm4pW9sQe2A?rel=0", "Lm4pW9sQe2A"],
    ["https://youtu.be/Fq2wE6jZr3M", "Fq2wE6jZr3M"],
    ["https://youtu.be/Fq2wE6jZr3M?si=abc", "Fq2wE6jZr3M"],
    ["https://www.youtube.com/shorts/Kp9dS3aVn7T", "Kp9dS3aVn7T"],
    ["  https://www.youtube.com/shorts/Kp9dS3aVn7T/  ", "Kp9dS3aVn7T"],
    ["http://www.youtube.com/watch?v=a-b_c-d_e-f", "a-b_c-d_e-f"],
  ])("reads %s", (url, id) => {
    expect(youTubeId(url)).toBe(id);
  });

  it.each([
    "https://vimeo.com/871203456",
    "https://www.youtube.com/channel/UCabcdefghijk",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=Xb3nTq8LwPc<script>",
    "https://youtu.be/",
    "https://notyoutube.com/watch?v=Xb3nTq8LwPc",
    "https://youtube.com.evil.example/watch?v=Xb3nTq8LwPc",
    "javascript:alert(1)//youtube.com/watch?v=Xb3nTq8LwPc",
    "ftp://youtu.be/Fq2wE6jZr3M",
    "not a url",
    "",
  ])("rejects %s", (url) => {
    expect(youTubeId(url)).toBeNull();
  });
});

describe("youTubeEmbedUrl", () => {
  it("uses the privacy-enhanced host", () => {
    expect(youTubeEmbedUrl("https://youtu.be/Fq2wE6jZr3M")).toBe("https://www.youtube-nocookie.com/embed/Fq2wE6jZr3M");
  });
  it("is null for an unsupported link", () => {
    expect(youTubeEmbedUrl("https://vimeo.com/871203456")).toBeNull();
  });
});
