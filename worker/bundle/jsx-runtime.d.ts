// The types of ./jsx-runtime.js: React's own.
export * from "react/jsx-runtime";
