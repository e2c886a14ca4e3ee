//! Collision and constraint stages as far as they are built: with constraints disabled (or a
//! model that has nothing to constrain) they produce an empty constraint set. Everything else
//! reports "not supported yet" (issue 6).

use crate::abi::*;
