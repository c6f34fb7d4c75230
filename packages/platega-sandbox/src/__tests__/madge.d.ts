// The part of madge's API the architecture spec uses (the package ships no types).
declare module "madge" {
  interface MadgeResult {
    obj(): Record<string, string[]>
    circular(): string[][]
  }
  interface MadgeConfig {
    fileExtensions?: string[]
    tsConfig?: string
    excludeRegExp?: RegExp[]
  }
  function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>
  export default madge
}
