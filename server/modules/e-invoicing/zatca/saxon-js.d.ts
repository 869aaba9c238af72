/** The part of SaxonJS's Node API the rules runner uses (the package ships no types). */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal: unknown;
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: 'serialized';
  }
  interface TransformResult {
    principalResult: string;
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
  };
  export default SaxonJS;
}
