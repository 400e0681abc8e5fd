// The contracts package imports the untyped `rison`; its own ambient declaration is not part of
// this program, so the SPA declares the module here.
declare module "rison" {
  const rison: {
    encode(value: unknown): string;
    decode(text: string): unknown;
    encode_object(value: unknown): string;
    encode_array(value: unknown): string;
  };
  export default rison;
}
