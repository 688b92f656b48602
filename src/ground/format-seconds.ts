/** A duration for people: seconds below two minutes, minutes below two hours, else hours ("?" when unknown). */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  const minutes = seconds / 60;
  return minutes < 120 ? `${minutes.toFixed(1)} min` : `${(minutes / 60).toFixed(2)} h`;
}
