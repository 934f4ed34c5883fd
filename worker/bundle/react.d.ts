// The types of ./react.js: React's own.
declare const React: typeof import("react");
export = React;
