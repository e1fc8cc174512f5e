type Tree = { [key: string]: string | Tree };

/** The dotted keys of a dictionary, sorted: the tests compare zh-CN's with English's, key for key. */
export const localeKeys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree as Tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : localeKeys(v, `${prefix}${k}.`)))
    .sort();
