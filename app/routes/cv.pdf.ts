import { cvPdf } from "~/.server/site/cv-pdf.server";

/** The CV as a PDF at a stable address (the /cv page links it). */
export async function loader() {
  const body = await cvPdf();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="cv.pdf"',
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=3600",
    },
  });
}
