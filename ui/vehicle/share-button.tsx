import { useState } from "react";

/**
 * Share: the Web Share API where the browser has it (phones), otherwise copy
 * the link. The status is announced politely; a failure says how to copy by hand.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [status, setStatus] = useState("");

  async function share() {
    const shareData = { title, url };
    if (typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(shareData))) {
      try {
        await navigator.share(shareData);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link in die Zwischenablage kopiert.");
    } catch {
      setStatus(`Kopieren nicht möglich. Link: ${url}`);
    }
  }

  return (
    <div className="share-button">
      <button type="button" className="button button--ghost button--small" onClick={() => void share()}>
        Teilen
      </button>
      <span role="status" className="share-button__status">
        {status}
      </span>
    </div>
  );
}
