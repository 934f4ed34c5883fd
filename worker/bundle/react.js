// React as an ES module for the worker bundle (wrangler.toml [alias] "react"). React ships CommonJS
// only, so esbuild gave every module that imports it its own interop copy of React's exports
// (__toESM: 77 modules × 45 getters for react, 120 × 3 for the JSX runtime, ≈ 3 ms of __copyProps
// in the startup profile plus the garbage behind it, at every isolate's startup). Through this
// module the copy is made once and importers bind to these constants directly. The names are
// React's exports in both builds; scripts/ops/environments.test.ts fails when React adds or drops one. Plain JavaScript: type checking sees @types/react for "react", never this file.
import React from "../../node_modules/react/index.js";

export const {
  Activity,
  Children,
  Component,
  Fragment,
  Profiler,
  PureComponent,
  StrictMode,
  Suspense,
  ViewTransition,
  __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE,
  __COMPILER_RUNTIME,
  act,
  addTransitionType,
  cache,
  cacheSignal,
  captureOwnerStack,
  cloneElement,
  createContext,
  createElement,
  createRef,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  startTransition,
  unstable_useCacheRefresh,
  use,
  useActionState,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useOptimistic,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} = React;
export default React;
