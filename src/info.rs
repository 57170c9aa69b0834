//! Summaries of a map for `mapscope info`. (Being written.)
