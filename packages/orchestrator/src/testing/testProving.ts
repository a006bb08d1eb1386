import type { PolicyProving } from '../jobs/PolicyProving.ts'

/** Placeholder until @verity/prover lands: refuses to prove. */
export function testProving(): PolicyProving {
  return {
    assertTemplateFits: () => {},
    prove: async () => {
      throw new Error('no prover in this test')
    },
    close: async () => {},
  }
}
