import { isRouteErrorResponse, useRouteError } from "react-router";
import { isExpectedError, type ErrorKind } from "#domain/error-catalogue.ts";
import { errorTitle } from "#domain/page-title.ts";
import { ErrorPanelSlot } from "#ui/error-panel-slot.tsx";
import { PageHead } from "#ui/page-head.tsx";

interface ErrorView {
  kind: ErrorKind;
  status: number;
  message: string;
}

/** Maps whatever a page threw to an error page kind (spec section 8). */
export function describeRouteError(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    if (isExpectedError(error.data)) return { kind: error.data.kind, message: error.data.message, status: error.status };
    if (error.status === 404) return { kind: "page-not-found", status: 404, message: "Page not found" };
    return { kind: "something-went-wrong", status: error.status, message: error.statusText || "Internal Server Error" };
  }
  return { kind: "something-went-wrong", status: 500, message: "Internal Server Error" };
}

export function PageErrorBoundary() {
  const view = describeRouteError(useRouteError());
  return (
    <>
      <PageHead title={errorTitle(view.status, view.message)} noindex />
      <ErrorPanelSlot kind={view.kind} />
    </>
  );
}
