/** The part of SaxonJS (no bundled types) the DDEX rule tests use. */
declare module "saxon-js" {
  const SaxonJS: {
    transform(
      options: { stylesheetFileName: string; sourceText: string; destination: "serialized" },
      mode: "sync",
    ): unknown;
  };
  export default SaxonJS;
}
