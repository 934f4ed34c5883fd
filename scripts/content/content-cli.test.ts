import { afterEach, describe, expect, it } from "vitest";
import { storyblokComponents } from "#content/storyblok-components.ts";
import { runContentCli } from "./content-cli.ts";
import { cliDeps, fakeClock, SPACE, standInFixture } from "./content-fixtures.ts";
import { addSampleHome, type ManagementApiStandIn } from "./management-api-stand-in.ts";

let standIn: ManagementApiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function cli() {
  const fixture = await standInFixture();
  standIn = fixture.standIn;
  return { ...fixture, ...cliDeps(fixture.standIn, fixture.clock) };
}

describe("npm run content", () => {
  it.each([
    [[], /npm run content -- <command>/],
    [["--help"], /schema {6}write the component definitions/],
    [["schema", "--help"], /schema \[--out <file>\]/],
    [["push", "-h"], /--prune --yes {2}also delete components/],
    [["diff", "--help"], /Exit 0 when space and code match, 1 when they differ/],
    [["seed-demo", "--help"], /sample "Home" story counts as empty/],
  ])("%j prints its help and exits 0", async (argv, text) => {
    const { deps, out, err } = cliDeps(null, fakeClock());
    expect(await runContentCli(argv, deps)).toBe(0);
    expect(out.join("\n")).toMatch(text);
    expect(err).toEqual([]);
  });

  it("schema writes the Management API definitions to stdout, or to --out without needing a token", async () => {
    const { deps, out, files, err } = cliDeps(null, fakeClock(), { STORYBLOK_MANAGEMENT_TOKEN: undefined });
    expect(await runContentCli(["schema"], deps)).toBe(0);
    expect(JSON.parse(out.join(""))).toEqual({ components: storyblokComponents() });
    expect(await runContentCli(["schema", "--out", "space/components.json"], deps)).toBe(0);
    expect(JSON.parse(files.get("space/components.json") ?? "")).toEqual({ components: storyblokComponents() });
    expect(err).toEqual([
      `${storyblokComponents().length} Komponenten nach space/components.json geschrieben / components written to space/components.json`,
    ]);
  });

  it.each([
    [
      ["push", "--space", String(SPACE)],
      { STORYBLOK_MANAGEMENT_TOKEN: undefined },
      /STORYBLOK_MANAGEMENT_TOKEN fehlt[\s\S]*STORYBLOK_MANAGEMENT_TOKEN is not set/,
    ],
    [["diff"], {}, /--space <id> is required/],
    [["diff", "--space", "mein-space"], {}, /--space must be the space's numeric id/],
    [["push", "--space", "1", "--force"], {}, /unknown argument "--force"/],
    [["diff", "--space", "1", "--out", "x.json"], {}, /diff takes no --out/],
    [["publish"], {}, /unknown command "publish"/],
    [["push", "--space", "1", "--prune"], {}, /--prune deletes components and fields in the space: add --yes/],
    [["push", "--space", "1", "--rate", "fast"], {}, /--rate must be a number/],
  ])("%j is refused with exit 2: %s", async (argv, env, message) => {
    const { deps, err, out } = cliDeps(null, fakeClock(), env);
    expect(await runContentCli(argv, deps)).toBe(2);
    expect(err.join("\n")).toMatch(message);
    expect(out).toEqual([]);
  });

  it("a wrong token and an unknown space exit 2 with what to fix", async () => {
    const { deps, err } = await cli();
    expect(await runContentCli(["diff", "--space", "42"], deps)).toBe(2);
    expect(err.pop()).toMatch(/Space 42 nicht gefunden \(404\)[\s\S]*Space 42 not found \(404\)/);
    expect(
      await runContentCli(["diff", "--space", String(SPACE)], { ...deps, env: { ...deps.env, STORYBLOK_MANAGEMENT_TOKEN: "old" } }),
    ).toBe(2);
    expect(err.pop()).toMatch(/Storyblok refused the token \(401\)/);
  });

  it("--api overrides STORYBLOK_MANAGEMENT_API (another region)", async () => {
    const { deps, err } = await cli();
    const elsewhere = { ...deps, env: { ...deps.env, STORYBLOK_MANAGEMENT_API: "http://127.0.0.1:9/v1" } };
    expect(await runContentCli(["diff", "--space", String(SPACE), "--api", standIn?.url ?? ""], elsewhere)).toBe(1);
    expect(err).toEqual([]);
  });

  it("diff exits 1 on an empty space, push makes it 0, an editor's change makes it 1 again", async () => {
    const { deps, out } = await cli();
    expect(await runContentCli(["diff", "--space", String(SPACE)], deps)).toBe(1);
    expect(out.pop()).toMatch(new RegExp(`Space ${SPACE}: ${storyblokComponents().length} differences from the code`));
    expect(await runContentCli(["push", "--space", String(SPACE), "--dry-run"], deps)).toBe(0);
    expect(out.pop()).toMatch(/^Probelauf \/ dry run — 65 angelegt \/ created/);
    expect(await runContentCli(["push", "--space", String(SPACE)], deps)).toBe(0);
    expect(out.pop()).toBe(
      "65 angelegt / created, 0 geändert / updated, 0 unverändert / unchanged, 0 gelöscht / deleted, 0 abgelehnt / rejected.",
    );
    expect(await runContentCli(["diff", "--space", String(SPACE)], deps)).toBe(0);
    const hero = standIn?.space(SPACE).components.find((component) => component.name === "hero");
    if (hero) hero.schema.variant = { type: "text", pos: 5 };
    expect(await runContentCli(["diff", "--space", String(SPACE)], deps)).toBe(1);
    expect(out.pop()?.split("\n")).toEqual([
      '~ hero.variant: Typ / type Space "text" ≠ Code "option"',
      `Space ${SPACE}: 1 Unterschiede zum Code. / Space ${SPACE}: 1 differences from the code.`,
    ]);
  });

  it("says when Storyblok rate-limits and retries", async () => {
    const { deps, out } = await cli();
    standIn?.refuseNext(1, 1);
    expect(await runContentCli(["diff", "--space", String(SPACE)], deps)).toBe(1);
    expect(out[0]).toBe("Storyblok drosselt (429), warte 1 s (Versuch 1) / rate-limited, waiting (retry 1)");
  });

  it("seed-demo fills an empty space (exit 0) and refuses it the second time (exit 1)", async () => {
    const { deps, out, err } = await cli();
    addSampleHome(standIn?.space(SPACE) ?? { id: 0, name: "", components: [], stories: [] });
    expect(await runContentCli(["seed-demo", "--space", String(SPACE)], deps)).toBe(0);
    expect(out.pop()).toMatch(/Ordner \/ folders, \d+ Stories angelegt und veröffentlicht \/ stories created and published, 0 vorhanden/);
    expect(await runContentCli(["seed-demo", "--space", String(SPACE)], deps)).toBe(1);
    expect(err.pop()).toMatch(/already has \d+ stories and folders; seed-demo fills empty spaces/);
    expect(await runContentCli(["seed-demo", "--space", String(SPACE), "--yes"], deps)).toBe(0);
    expect(out.pop()).toMatch(/0 Ordner \/ folders, 0 Stories/);
  });
});
