import { describe, expect, it } from "vitest";
import { readSubmitAnswer } from "./enquiry-answer.ts";

const body = (error: object) => JSON.stringify({ error });

describe("readSubmitAnswer", () => {
  it("takes 200 and 204 as sent, and nothing else", () => {
    expect(readSubmitAnswer(204, "")).toEqual({ ok: true });
    expect(readSubmitAnswer(200, "{}")).toEqual({ ok: true });
    expect(readSubmitAnswer(201, "")).toMatchObject({ ok: false, status: 201 });
    expect(readSubmitAnswer(0, "")).toEqual({ ok: false, status: 0, field: null, message: null });
  });
  it("keeps the field and message of a refusal", () => {
    expect(
      readSubmitAnswer(
        400,
        body({ code: "invalid_request", message: "Please provide a last name.", field: "lastName" }),
      ),
    ).toEqual({ ok: false, status: 400, field: "lastName", message: "Please provide a last name." });
  });
  it("puts any photo's message under the photos, named the form's way", () => {
    expect(
      readSubmitAnswer(
        415,
        body({
          code: "unsupported_media_type",
          message: "image2: must be a JPEG, PNG, WebP or HEIC photo",
          field: "image2",
        }),
      ),
    ).toEqual({
      ok: false,
      status: 415,
      field: "images",
      message: "Photo 2: Must be a JPEG, PNG, WebP or HEIC photo.",
    });
  });
  it("gives a message with no field for the whole request, e.g. too many submissions", () => {
    expect(
      readSubmitAnswer(
        429,
        body({ code: "too_many_requests", message: "Too many submissions. Please try again in 42 seconds." }),
      ),
    ).toEqual({
      ok: false,
      status: 429,
      field: null,
      message: "Too many submissions. Please try again in 42 seconds.",
    });
    expect(readSubmitAnswer(413, body({ message: "body: is too large", field: "body" }))).toMatchObject({
      field: null,
      message: "Is too large.",
    });
  });
  it("reads an answer that is not JSON as a plain failure", () => {
    expect(readSubmitAnswer(502, "<html>Bad gateway</html>")).toEqual({
      ok: false,
      status: 502,
      field: null,
      message: null,
    });
  });
});
