export { SWAP_WARNING, SwapDatasetModal } from "./swap-dataset-modal";
