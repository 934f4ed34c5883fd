import type { LoaderFunctionArgs } from "react-router";
import { BRAND_NAMES } from "#domain/brands.ts";
import { findModelLine } from "#domain/model-lines.ts";
import { ModelParamSchema } from "#domain/route-params.ts";
import { requireBrand, requireParam, routeValidityFailed } from "./route-errors.ts";
import { settingsContext } from "./ports.ts";

/** Validates /{brand}/modelle/{model}: the brand is one of six, the model one of its lines. */
export function loadModelRoute({ params, request, context }: LoaderFunctionArgs) {
  const brand = requireBrand(params.brand ?? "", context.get(settingsContext));
  const model = requireParam(ModelParamSchema, params.model, request);
  const modelName = findModelLine(brand, model);
  if (!modelName) routeValidityFailed(request);
  return { brand, brandName: BRAND_NAMES[brand], model, modelName };
}
