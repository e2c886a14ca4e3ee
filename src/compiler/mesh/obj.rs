//! Placeholder until the OBJ reader lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjIndex {
    pub vertex: i32,
    pub normal: i32,
    pub texcoord: i32,
}
#[derive(Debug, Default)]
pub struct ObjData {
    pub vertices: Vec<f32>,
    pub normals: Vec<f32>,
    pub texcoords: Vec<f32>,
    pub first_shape: Option<(Vec<ObjIndex>, Vec<u32>)>,
}
pub fn parse_obj(_bytes: &[u8]) -> Result<ObjData, ()> {
    Err(())
}
