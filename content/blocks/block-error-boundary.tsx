import { Component, type ReactNode } from "react";

/**
 * Keeps one broken block from taking the page down. Blocks normally arrive validated by the worker,
 * but the visual editor's live preview hands over the editor's raw input as they type; a block
 * that throws there shows a German marker (preview) or disappears (published). React reports
 * the error itself (console.error), so nothing is swallowed silently.
 */
export class BlockErrorBoundary extends Component<{ component: string; preview: boolean; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (!this.props.preview) return null;
    return (
      <div className="block invalid-block" role="note">
        <p>
          <strong>Block „{this.props.component}“ konnte nicht dargestellt werden.</strong> Bitte prüfen Sie die Felder des Blocks.
        </p>
      </div>
    );
  }
}
