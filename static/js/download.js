// Offer text as a file the browser downloads: records, statistics, set-aside saves.
//
//   import { downloadText } from "./download.js";
//   downloadText("settebello-statistics.json", text);
//   fileStamp(new Date(at))   // "2026-12-01-2356": every file name's date and time, the same way

/** A date and time for a file name, in the person's own time: "2026-12-01-2356" (one form for
 *  every download, the review of 2026-12-01: "…-23-56" from Your matches, "…-0000" from Save). */
export function fileStamp(when = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}-${pad(when.getHours())}${pad(when.getMinutes())}`;
}

/** Hand text to the browser as a download named name (JSON unless type says otherwise). */
export function downloadText(name, text, type = "application/json") {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return name;
}
