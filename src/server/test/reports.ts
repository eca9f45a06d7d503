import type { TestClient } from "./test-server";

export const REPORT_HEADER = "date,store,country,upc,isrc,streams,listeners,revenue,currency";

/** Uploads a store report as the admin's browser does (a raw CSV body). */
export async function uploadReport(admin: TestClient, name: string, csv: string | Uint8Array | ReadableStream) {
  const cookies = (admin as unknown as { cookies: Map<string, string> }).cookies;
  const res = await fetch(`${admin.baseUrl}/api/admin/reports?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: csv as BodyInit,
    // A stream body needs half-duplex in Node's fetch.
    ...(csv instanceof ReadableStream ? { duplex: "half" } : {}),
    headers: {
      origin: admin.baseUrl,
      "content-type": "text/csv",
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  } as RequestInit);
  return { status: res.status, body: await res.json() };
}

/** Waits for a report's import to end, and answers it. */
export async function waitForReport(admin: TestClient, id: string) {
  for (let i = 0; i < 600; i++) {
    const res = await admin.get(`/api/admin/reports/${id}`);
    if (["completed", "failed"].includes(res.body.report.status)) return res.body.report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("import did not finish");
}

/** Uploads and waits: the completed report. */
export async function importReport(admin: TestClient, name: string, rows: string[]) {
  const queued = await uploadReport(admin, name, [REPORT_HEADER, ...rows].join("\n"));
  if (queued.status !== 202) throw new Error(`report not accepted: ${queued.status}`);
  return waitForReport(admin, queued.body.report.id);
}
