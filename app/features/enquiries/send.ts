import { readSubmitAnswer, type SubmitOutcome } from "../../../domain/enquiry-answer.ts";

const TIMEOUT_MS = 120_000;

/**
 * Posts a multipart form and reports how much of it has gone up (photos can be tens of MB,
 * which fetch cannot report). Never rejects: no answer at all is status 0.
 */
export function sendMultipart(
  url: string,
  body: FormData,
  onProgress?: (share: number) => void,
): Promise<SubmitOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.timeout = TIMEOUT_MS;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve(readSubmitAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve(readSubmitAnswer(0, ""));
    xhr.ontimeout = () => resolve(readSubmitAnswer(0, ""));
    xhr.send(body);
  });
}

/** Form values and photos as the API reads them: every named field, then image1..imageN. */
export function multipart(fields: Record<string, string>, photos: File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  photos.forEach((file, i) => {
    body.set(`image${i + 1}`, file, file.name);
  });
  return body;
}
