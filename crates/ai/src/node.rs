//! The MCTS tree: plain nodes in one arena, children linked as a list of siblings so that
//! adding a node never allocates more than the arena's own growth.

use trio_core::Seat;

/// Index of a node in its [`Tree`].
pub(crate) type NodeId = u32;

const NONE: NodeId = NodeId::MAX;

/// One action taken from the parent node, with the statistics of what followed it.
#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    /// The action that leads here; `None` only at the root.
    pub action: Option<A>,
    /// The seat that chose `action`, from whose viewpoint `reward` is counted; `None` for
    /// a chance outcome and the root.
    pub actor: Option<Seat>,
    pub visits: u32,
    /// How often `action` was legal when the parent was visited (ISMCTS availability).
    pub available: u32,
    /// Sum of the actor's rewards over all visits.
    pub reward: f64,
    first_child: NodeId,
    next_sibling: NodeId,
}

#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: PartialEq> Tree<A> {
    pub const ROOT: NodeId = 0;

    pub fn new() -> Self {
        let root = Node {
            action: None,
            actor: None,
            visits: 0,
            available: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        };
        Self { nodes: vec![root] }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn node(&self, id: NodeId) -> &Node<A> {
        &self.nodes[id as usize]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<A> {
        &mut self.nodes[id as usize]
    }

    /// The first child of `id`, then [`Tree::next_sibling`] until `None`.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        Some(self.node(id).first_child).filter(|&c| c != NONE)
    }

    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        Some(self.node(id).next_sibling).filter(|&c| c != NONE)
    }

    pub fn find_child(&self, id: NodeId, action: &A) -> Option<NodeId> {
        let mut child = self.first_child(id);
        while let Some(c) = child {
            if self.node(c).action.as_ref() == Some(action) {
                return Some(c);
            }
            child = self.next_sibling(c);
        }
        None
    }

    /// Adds a child reached by `action` in front of the other children of `parent`.
    pub fn add_child(&mut self, parent: NodeId, action: A, actor: Option<Seat>) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let next_sibling = self.node(parent).first_child;
        self.nodes.push(Node {
            action: Some(action),
            actor,
            visits: 0,
            available: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling,
        });
        self.node_mut(parent).first_child = id;
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_found_by_action() {
        let mut tree = Tree::new();
        let a = tree.add_child(Tree::<char>::ROOT, 'a', Some(Seat(0)));
        let b = tree.add_child(Tree::<char>::ROOT, 'b', None);
        let below = tree.add_child(a, 'b', Some(Seat(1)));
        assert_eq!(tree.find_child(Tree::<char>::ROOT, &'a'), Some(a));
        assert_eq!(tree.find_child(Tree::<char>::ROOT, &'b'), Some(b));
        assert_eq!(tree.find_child(a, &'b'), Some(below));
        assert_eq!(tree.find_child(b, &'a'), None);
        // The newest child comes first.
        assert_eq!(tree.first_child(Tree::<char>::ROOT), Some(b));
        assert_eq!(tree.next_sibling(b), Some(a));
        assert_eq!(tree.next_sibling(a), None);
        assert_eq!(tree.len(), 4);
    }
}
