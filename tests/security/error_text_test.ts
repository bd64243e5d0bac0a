/** No library's own error text leaves a network surface: PDF errors, engine RangeErrors, Redis. */
import assert from "node:assert/strict";
import { describeError, hideInternals } from "../../core/errors.ts";
import { failureKind } from "../../core/fleet.ts";
import { pdfProblem } from "../../providers/pdf_text_a/client.ts";

Deno.test("error text: a RangeError's own words are not passed on", () => {
  const err = new RangeError("Offset is outside the bounds of the DataView at /srv/app/x.ts");
  const text = describeError(err);
  assert.match(text, /out of the range this calculation supports/);
  assert.doesNotMatch(text, /DataView|\/srv|internal error/);
  // and an unexpected error's text is hidden behind a reference on network surfaces
  const envelope = { error: describeError(new Error("ENOENT /srv/app/secret.json")) };
  hideInternals(envelope, "formula.cagr");
  assert.doesNotMatch(envelope.error!, /srv/);
  assert.match(envelope.error!, /internal error in formula\.cagr \(reference /);
  assert.match(
    describeError(new RangeError("Maximum call stack size exceeded")),
    /nested too deeply/,
  );
});

Deno.test("error text: the shared backend's failure and pdf.js's are told in our words", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:6379"), {
    code: "ECONNREFUSED",
  });
  assert.equal(failureKind(refused), "connection refused");
  assert.equal(
    failureKind(new Error("WRONGPASS invalid username-password pair")),
    "authentication failed",
  );
  assert.equal(failureKind(new Error("something odd at 10.0.0.7")), "connection failed");
  const invalid = Object.assign(new Error("Invalid PDF structure."), {
    name: "InvalidPDFException",
  });
  assert.equal(pdfProblem(invalid), "its structure is not a PDF's");
  assert.equal(pdfProblem(new Error("bad XRef entry at /tmp/x")), "pdf.js could not parse it");
});
