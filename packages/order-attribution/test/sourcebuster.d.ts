// The upstream sourcebuster package (MIT, 1.1.0) ships no types; only the tests use it.
declare module 'sourcebuster' {
  const sbjs: {
    init: (options?: Record<string, unknown>) => void;
    get: Record<string, Record<string, string>>;
  };
  export default sbjs;
}
