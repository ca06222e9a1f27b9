// Offer text as a file the browser downloads: records, statistics, set-aside saves.
//
//   import { downloadText } from "./download.js";
//   downloadText("settebello-statistics.json", text);

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
