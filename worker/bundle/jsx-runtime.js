// React's JSX runtime as an ES module for the worker bundle (wrangler.toml [alias]
// "react/jsx-runtime"): one interop copy instead of one per component module (see ./react.js).
import runtime from "../../node_modules/react/jsx-runtime.js";

export const { Fragment, jsx, jsxs } = runtime;
