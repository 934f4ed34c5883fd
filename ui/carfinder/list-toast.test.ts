import { expect, it } from "vitest";
import { isToastHost, joinToastHosts, subscribeListToasts } from "./list-toast.tsx";

it("elects the first mounted host and tells the others only when that changes", () => {
  let heard = 0;
  const unsubscribe = subscribeListToasts(() => (heard += 1));
  const tokens = Array.from({ length: 25 }, () => ({}));
  const leaves = tokens.map((token) => joinToastHosts(token));
  expect(heard).toBe(1);
  expect(tokens.filter(isToastHost)).toEqual([tokens[0]]);

  leaves[7]?.(); // a host that does not render the region unmounts: nobody needs to look
  expect(heard).toBe(1);
  leaves[0]?.(); // the rendering host unmounts: the next one takes over
  expect(heard).toBe(2);
  expect(isToastHost(tokens[1]!)).toBe(true);

  for (const [index, leave] of leaves.entries()) if (index !== 0 && index !== 7) leave?.();
  expect(tokens.some(isToastHost)).toBe(false);
  unsubscribe();
});
