/// Invokes `$cb!` with mjModel's size fields and array fields.
///
/// Sizes: `(type name)` in struct order. Arrays: `{ GROUP X|XNV type, name, rows, cols }` in
/// struct order; GROUP names the sub-list of `MJMODEL_POINTERS` the field belongs to (NONE: the
/// top list), rows is a size field, cols a number, a constant, or `(m field [* k])`.
#[macro_export]
macro_rules! mjmodel_table {
    ($cb:ident) => {
        $cb! {
            sizes: [
            (c_int nq)
            (c_int nv)
            (c_int nu)
            (c_int na)
            (c_int nbody)
            (c_int nbvh)
            (c_int nbvhstatic)
            (c_int nbvhdynamic)
            (c_int noct)
            (c_int njnt)
            (c_int ntree)
            (c_int nM)
            (c_int nB)
            (c_int nC)
            (c_int nD)
            (c_int ngeom)
            (c_int nsite)
            (c_int ncam)
            (c_int nlight)
            (c_int nflex)
            (c_int nflexnode)
            (c_int nflexvert)
            (c_int nflexedge)
            (c_int nflexelem)
            (c_int nflexelemdata)
            (c_int nflexelemedge)
            (c_int nflexshelldata)
            (c_int nflexevpair)
            (c_int nflextexcoord)
            (c_int nmesh)
            (c_int nmeshvert)
            (c_int nmeshnormal)
            (c_int nmeshtexcoord)
            (c_int nmeshface)
            (c_int nmeshgraph)
            (c_int nmeshpoly)
            (c_int nmeshpolyvert)
            (c_int nmeshpolymap)
            (c_int nskin)
            (c_int nskinvert)
            (c_int nskintexvert)
            (c_int nskinface)
            (c_int nskinbone)
            (c_int nskinbonevert)
            (c_int nhfield)
            (c_int nhfielddata)
            (c_int ntex)
            (c_int ntexdata)
            (c_int nmat)
            (c_int npair)
            (c_int nexclude)
            (c_int neq)
            (c_int ntendon)
            (c_int nwrap)
            (c_int nsensor)
            (c_int nnumeric)
            (c_int nnumericdata)
            (c_int ntext)
            (c_int ntextdata)
            (c_int ntuple)
            (c_int ntupledata)
            (c_int nkey)
            (c_int nmocap)
            (c_int nplugin)
            (c_int npluginattr)
            (c_int nuser_body)
            (c_int nuser_jnt)
            (c_int nuser_geom)
            (c_int nuser_site)
            (c_int nuser_cam)
            (c_int nuser_tendon)
            (c_int nuser_actuator)
            (c_int nuser_sensor)
            (c_int nnames)
            (c_int npaths)
            (c_int nnames_map)
            (c_int nJmom)
            (c_int ngravcomp)
            (c_int nemax)
            (c_int njmax)
            (c_int nconmax)
            (c_int nuserdata)
            (c_int nsensordata)
            (c_int npluginstate)
            (mjtSize narena)
            (mjtSize nbuffer)
            ]
            arrays: [
            { NONE X mjtNum, qpos0, nq, 1 }
            { NONE X mjtNum, qpos_spring, nq, 1 }
            { BODY X c_int, body_parentid, nbody, 1 }
            { BODY X c_int, body_rootid, nbody, 1 }
            { BODY X c_int, body_weldid, nbody, 1 }
            { BODY X c_int, body_mocapid, nbody, 1 }
            { BODY X c_int, body_jntnum, nbody, 1 }
            { BODY X c_int, body_jntadr, nbody, 1 }
            { BODY X c_int, body_dofnum, nbody, 1 }
            { BODY X c_int, body_dofadr, nbody, 1 }
            { BODY X c_int, body_treeid, nbody, 1 }
            { BODY X c_int, body_geomnum, nbody, 1 }
            { BODY X c_int, body_geomadr, nbody, 1 }
            { BODY X mjtByte, body_simple, nbody, 1 }
            { BODY X mjtByte, body_sameframe, nbody, 1 }
            { BODY X mjtNum, body_pos, nbody, 3 }
            { BODY X mjtNum, body_quat, nbody, 4 }
            { BODY X mjtNum, body_ipos, nbody, 3 }
            { BODY X mjtNum, body_iquat, nbody, 4 }
            { BODY X mjtNum, body_mass, nbody, 1 }
            { BODY X mjtNum, body_subtreemass, nbody, 1 }
            { BODY X mjtNum, body_inertia, nbody, 3 }
            { BODY X mjtNum, body_invweight0, nbody, 2 }
            { BODY X mjtNum, body_gravcomp, nbody, 1 }
            { BODY X mjtNum, body_margin, nbody, 1 }
            { BODY X mjtNum, body_user, nbody, (m nuser_body) }
            { BODY X c_int, body_plugin, nbody, 1 }
            { BODY X c_int, body_contype, nbody, 1 }
            { BODY X c_int, body_conaffinity, nbody, 1 }
            { BODY X c_int, body_bvhadr, nbody, 1 }
            { BODY X c_int, body_bvhnum, nbody, 1 }
            { NONE X c_int, bvh_depth, nbvh, 1 }
            { NONE X c_int, bvh_child, nbvh, 2 }
            { NONE X c_int, bvh_nodeid, nbvh, 1 }
            { NONE X mjtNum, bvh_aabb, nbvhstatic, 6 }
            { NONE X c_int, oct_depth, noct, 1 }
            { NONE X c_int, oct_child, noct, 8 }
            { NONE X mjtNum, oct_aabb, noct, 6 }
            { NONE X mjtNum, oct_coeff, noct, 8 }
            { JOINT X c_int, jnt_type, njnt, 1 }
            { JOINT X c_int, jnt_qposadr, njnt, 1 }
            { JOINT X c_int, jnt_dofadr, njnt, 1 }
            { JOINT X c_int, jnt_bodyid, njnt, 1 }
            { JOINT X c_int, jnt_group, njnt, 1 }
            { JOINT X mjtByte, jnt_limited, njnt, 1 }
            { JOINT X mjtByte, jnt_actfrclimited, njnt, 1 }
            { JOINT X mjtByte, jnt_actgravcomp, njnt, 1 }
            { JOINT X mjtNum, jnt_solref, njnt, mjNREF }
            { JOINT X mjtNum, jnt_solimp, njnt, mjNIMP }
            { JOINT X mjtNum, jnt_pos, njnt, 3 }
            { JOINT X mjtNum, jnt_axis, njnt, 3 }
            { JOINT X mjtNum, jnt_stiffness, njnt, 1 }
            { JOINT X mjtNum, jnt_range, njnt, 2 }
            { JOINT X mjtNum, jnt_actfrcrange, njnt, 2 }
            { JOINT X mjtNum, jnt_margin, njnt, 1 }
            { JOINT X mjtNum, jnt_user, njnt, (m nuser_jnt) }
            { DOF X c_int, dof_bodyid, nv, 1 }
            { DOF X c_int, dof_jntid, nv, 1 }
            { DOF X c_int, dof_parentid, nv, 1 }
            { DOF X c_int, dof_treeid, nv, 1 }
            { DOF X c_int, dof_Madr, nv, 1 }
            { DOF X c_int, dof_simplenum, nv, 1 }
            { DOF X mjtNum, dof_solref, nv, mjNREF }
            { DOF X mjtNum, dof_solimp, nv, mjNIMP }
            { DOF X mjtNum, dof_frictionloss, nv, 1 }
            { DOF X mjtNum, dof_armature, nv, 1 }
            { DOF X mjtNum, dof_damping, nv, 1 }
            { DOF X mjtNum, dof_invweight0, nv, 1 }
            { DOF X mjtNum, dof_M0, nv, 1 }
            { DOF X mjtNum, dof_length, nv, 1 }
            { TREE X c_int, tree_bodyadr, ntree, 1 }
            { TREE X c_int, tree_bodynum, ntree, 1 }
            { TREE X c_int, tree_dofadr, ntree, 1 }
            { TREE X c_int, tree_dofnum, ntree, 1 }
            { TREE X c_int, tree_sleep_policy, ntree, 1 }
            { GEOM X c_int, geom_type, ngeom, 1 }
            { GEOM X c_int, geom_contype, ngeom, 1 }
            { GEOM X c_int, geom_conaffinity, ngeom, 1 }
            { GEOM X c_int, geom_condim, ngeom, 1 }
            { GEOM X c_int, geom_bodyid, ngeom, 1 }
            { GEOM X c_int, geom_dataid, ngeom, 1 }
            { GEOM X c_int, geom_matid, ngeom, 1 }
            { GEOM X c_int, geom_group, ngeom, 1 }
            { GEOM X c_int, geom_priority, ngeom, 1 }
            { GEOM X c_int, geom_plugin, ngeom, 1 }
            { GEOM X mjtByte, geom_sameframe, ngeom, 1 }
            { GEOM X mjtNum, geom_solmix, ngeom, 1 }
            { GEOM X mjtNum, geom_solref, ngeom, mjNREF }
            { GEOM X mjtNum, geom_solimp, ngeom, mjNIMP }
            { GEOM X mjtNum, geom_size, ngeom, 3 }
            { GEOM X mjtNum, geom_aabb, ngeom, 6 }
            { GEOM X mjtNum, geom_rbound, ngeom, 1 }
            { GEOM X mjtNum, geom_pos, ngeom, 3 }
            { GEOM X mjtNum, geom_quat, ngeom, 4 }
            { GEOM X mjtNum, geom_friction, ngeom, 3 }
            { GEOM X mjtNum, geom_margin, ngeom, 1 }
            { GEOM X mjtNum, geom_gap, ngeom, 1 }
            { GEOM XNV mjtNum, geom_fluid, ngeom, mjNFLUID }
            { GEOM X mjtNum, geom_user, ngeom, (m nuser_geom) }
            { GEOM X f32, geom_rgba, ngeom, 4 }
            { SITE X c_int, site_type, nsite, 1 }
            { SITE X c_int, site_bodyid, nsite, 1 }
            { SITE X c_int, site_matid, nsite, 1 }
            { SITE X c_int, site_group, nsite, 1 }
            { SITE X mjtByte, site_sameframe, nsite, 1 }
            { SITE X mjtNum, site_size, nsite, 3 }
            { SITE X mjtNum, site_pos, nsite, 3 }
            { SITE X mjtNum, site_quat, nsite, 4 }
            { SITE X mjtNum, site_user, nsite, (m nuser_site) }
            { SITE X f32, site_rgba, nsite, 4 }
            { CAMERA X c_int, cam_mode, ncam, 1 }
            { CAMERA X c_int, cam_bodyid, ncam, 1 }
            { CAMERA X c_int, cam_targetbodyid, ncam, 1 }
            { CAMERA X mjtNum, cam_pos, ncam, 3 }
            { CAMERA X mjtNum, cam_quat, ncam, 4 }
            { CAMERA X mjtNum, cam_poscom0, ncam, 3 }
            { CAMERA X mjtNum, cam_pos0, ncam, 3 }
            { CAMERA X mjtNum, cam_mat0, ncam, 9 }
            { CAMERA X c_int, cam_orthographic, ncam, 1 }
            { CAMERA X mjtNum, cam_fovy, ncam, 1 }
            { CAMERA X mjtNum, cam_ipd, ncam, 1 }
            { CAMERA X c_int, cam_resolution, ncam, 2 }
            { CAMERA X f32, cam_sensorsize, ncam, 2 }
            { CAMERA X f32, cam_intrinsic, ncam, 4 }
            { CAMERA X mjtNum, cam_user, ncam, (m nuser_cam) }
            { LIGHT X c_int, light_mode, nlight, 1 }
            { LIGHT X c_int, light_bodyid, nlight, 1 }
            { LIGHT X c_int, light_targetbodyid, nlight, 1 }
            { LIGHT X c_int, light_type, nlight, 1 }
            { LIGHT X c_int, light_texid, nlight, 1 }
            { LIGHT X mjtByte, light_castshadow, nlight, 1 }
            { LIGHT X f32, light_bulbradius, nlight, 1 }
            { LIGHT X f32, light_intensity, nlight, 1 }
            { LIGHT X f32, light_range, nlight, 1 }
            { LIGHT X mjtByte, light_active, nlight, 1 }
            { LIGHT X mjtNum, light_pos, nlight, 3 }
            { LIGHT X mjtNum, light_dir, nlight, 3 }
            { LIGHT X mjtNum, light_poscom0, nlight, 3 }
            { LIGHT X mjtNum, light_pos0, nlight, 3 }
            { LIGHT X mjtNum, light_dir0, nlight, 3 }
            { LIGHT X f32, light_attenuation, nlight, 3 }
            { LIGHT X f32, light_cutoff, nlight, 1 }
            { LIGHT X f32, light_exponent, nlight, 1 }
            { LIGHT X f32, light_ambient, nlight, 3 }
            { LIGHT X f32, light_diffuse, nlight, 3 }
            { LIGHT X f32, light_specular, nlight, 3 }
            { FLEX X c_int, flex_contype, nflex, 1 }
            { FLEX X c_int, flex_conaffinity, nflex, 1 }
            { FLEX X c_int, flex_condim, nflex, 1 }
            { FLEX X c_int, flex_priority, nflex, 1 }
            { FLEX X mjtNum, flex_solmix, nflex, 1 }
            { FLEX X mjtNum, flex_solref, nflex, mjNREF }
            { FLEX X mjtNum, flex_solimp, nflex, mjNIMP }
            { FLEX X mjtNum, flex_friction, nflex, 3 }
            { FLEX X mjtNum, flex_margin, nflex, 1 }
            { FLEX X mjtNum, flex_gap, nflex, 1 }
            { FLEX X mjtByte, flex_internal, nflex, 1 }
            { FLEX X c_int, flex_selfcollide, nflex, 1 }
            { FLEX X c_int, flex_activelayers, nflex, 1 }
            { FLEX X c_int, flex_passive, nflex, 1 }
            { FLEX X c_int, flex_dim, nflex, 1 }
            { FLEX X c_int, flex_matid, nflex, 1 }
            { FLEX X c_int, flex_group, nflex, 1 }
            { FLEX X c_int, flex_interp, nflex, 1 }
            { FLEX X c_int, flex_nodeadr, nflex, 1 }
            { FLEX X c_int, flex_nodenum, nflex, 1 }
            { FLEX X c_int, flex_vertadr, nflex, 1 }
            { FLEX X c_int, flex_vertnum, nflex, 1 }
            { FLEX X c_int, flex_edgeadr, nflex, 1 }
            { FLEX X c_int, flex_edgenum, nflex, 1 }
            { FLEX X c_int, flex_elemadr, nflex, 1 }
            { FLEX X c_int, flex_elemnum, nflex, 1 }
            { FLEX X c_int, flex_elemdataadr, nflex, 1 }
            { FLEX X c_int, flex_elemedgeadr, nflex, 1 }
            { FLEX X c_int, flex_shellnum, nflex, 1 }
            { FLEX X c_int, flex_shelldataadr, nflex, 1 }
            { FLEX X c_int, flex_evpairadr, nflex, 1 }
            { FLEX X c_int, flex_evpairnum, nflex, 1 }
            { FLEX X c_int, flex_texcoordadr, nflex, 1 }
            { FLEX X c_int, flex_nodebodyid, nflexnode, 1 }
            { FLEX X c_int, flex_vertbodyid, nflexvert, 1 }
            { FLEX X c_int, flex_edge, nflexedge, 2 }
            { FLEX X c_int, flex_edgeflap, nflexedge, 2 }
            { FLEX X c_int, flex_elem, nflexelemdata, 1 }
            { FLEX X c_int, flex_elemtexcoord, nflexelemdata, 1 }
            { FLEX X c_int, flex_elemedge, nflexelemedge, 1 }
            { FLEX X c_int, flex_elemlayer, nflexelem, 1 }
            { FLEX X c_int, flex_shell, nflexshelldata, 1 }
            { FLEX X c_int, flex_evpair, nflexevpair, 2 }
            { FLEX X mjtNum, flex_vert, nflexvert, 3 }
            { FLEX X mjtNum, flex_vert0, nflexvert, 3 }
            { FLEX X mjtNum, flex_node, nflexnode, 3 }
            { FLEX X mjtNum, flex_node0, nflexnode, 3 }
            { FLEX X mjtNum, flexedge_length0, nflexedge, 1 }
            { FLEX X mjtNum, flexedge_invweight0, nflexedge, 1 }
            { FLEX X mjtNum, flex_radius, nflex, 1 }
            { FLEX X mjtNum, flex_stiffness, nflexelem, 21 }
            { FLEX X mjtNum, flex_bending, nflexedge, 17 }
            { FLEX X mjtNum, flex_damping, nflex, 1 }
            { FLEX X mjtNum, flex_edgestiffness, nflex, 1 }
            { FLEX X mjtNum, flex_edgedamping, nflex, 1 }
            { FLEX X mjtByte, flex_edgeequality, nflex, 1 }
            { FLEX X mjtByte, flex_rigid, nflex, 1 }
            { FLEX X mjtByte, flexedge_rigid, nflexedge, 1 }
            { FLEX X mjtByte, flex_centered, nflex, 1 }
            { FLEX X mjtByte, flex_flatskin, nflex, 1 }
            { FLEX X c_int, flex_bvhadr, nflex, 1 }
            { FLEX X c_int, flex_bvhnum, nflex, 1 }
            { FLEX X f32, flex_rgba, nflex, 4 }
            { FLEX X f32, flex_texcoord, nflextexcoord, 2 }
            { MESH X c_int, mesh_vertadr, nmesh, 1 }
            { MESH X c_int, mesh_vertnum, nmesh, 1 }
            { MESH X c_int, mesh_faceadr, nmesh, 1 }
            { MESH X c_int, mesh_facenum, nmesh, 1 }
            { MESH X c_int, mesh_bvhadr, nmesh, 1 }
            { MESH X c_int, mesh_bvhnum, nmesh, 1 }
            { MESH X c_int, mesh_octadr, nmesh, 1 }
            { MESH X c_int, mesh_octnum, nmesh, 1 }
            { MESH X c_int, mesh_normaladr, nmesh, 1 }
            { MESH X c_int, mesh_normalnum, nmesh, 1 }
            { MESH X c_int, mesh_texcoordadr, nmesh, 1 }
            { MESH X c_int, mesh_texcoordnum, nmesh, 1 }
            { MESH X c_int, mesh_graphadr, nmesh, 1 }
            { MESH XNV f32, mesh_vert, nmeshvert, 3 }
            { MESH XNV f32, mesh_normal, nmeshnormal, 3 }
            { MESH XNV f32, mesh_texcoord, nmeshtexcoord, 2 }
            { MESH XNV c_int, mesh_face, nmeshface, 3 }
            { MESH XNV c_int, mesh_facenormal, nmeshface, 3 }
            { MESH XNV c_int, mesh_facetexcoord, nmeshface, 3 }
            { MESH XNV c_int, mesh_graph, nmeshgraph, 1 }
            { MESH X mjtNum, mesh_scale, nmesh, 3 }
            { MESH X mjtNum, mesh_pos, nmesh, 3 }
            { MESH X mjtNum, mesh_quat, nmesh, 4 }
            { MESH X c_int, mesh_pathadr, nmesh, 1 }
            { MESH XNV c_int, mesh_polynum, nmesh, 1 }
            { MESH XNV c_int, mesh_polyadr, nmesh, 1 }
            { MESH XNV mjtNum, mesh_polynormal, nmeshpoly, 3 }
            { MESH XNV c_int, mesh_polyvertadr, nmeshpoly, 1 }
            { MESH XNV c_int, mesh_polyvertnum, nmeshpoly, 1 }
            { MESH XNV c_int, mesh_polyvert, nmeshpolyvert, 1 }
            { MESH XNV c_int, mesh_polymapadr, nmeshvert, 1 }
            { MESH XNV c_int, mesh_polymapnum, nmeshvert, 1 }
            { MESH XNV c_int, mesh_polymap, nmeshpolymap, 1 }
            { SKIN X c_int, skin_matid, nskin, 1 }
            { SKIN X c_int, skin_group, nskin, 1 }
            { SKIN X f32, skin_rgba, nskin, 4 }
            { SKIN X f32, skin_inflate, nskin, 1 }
            { SKIN X c_int, skin_vertadr, nskin, 1 }
            { SKIN X c_int, skin_vertnum, nskin, 1 }
            { SKIN X c_int, skin_texcoordadr, nskin, 1 }
            { SKIN X c_int, skin_faceadr, nskin, 1 }
            { SKIN X c_int, skin_facenum, nskin, 1 }
            { SKIN X c_int, skin_boneadr, nskin, 1 }
            { SKIN X c_int, skin_bonenum, nskin, 1 }
            { SKIN X f32, skin_vert, nskinvert, 3 }
            { SKIN X f32, skin_texcoord, nskintexvert, 2 }
            { SKIN X c_int, skin_face, nskinface, 3 }
            { SKIN X c_int, skin_bonevertadr, nskinbone, 1 }
            { SKIN X c_int, skin_bonevertnum, nskinbone, 1 }
            { SKIN X f32, skin_bonebindpos, nskinbone, 3 }
            { SKIN X f32, skin_bonebindquat, nskinbone, 4 }
            { SKIN X c_int, skin_bonebodyid, nskinbone, 1 }
            { SKIN X c_int, skin_bonevertid, nskinbonevert, 1 }
            { SKIN X f32, skin_bonevertweight, nskinbonevert, 1 }
            { SKIN X c_int, skin_pathadr, nskin, 1 }
            { HFIELD X mjtNum, hfield_size, nhfield, 4 }
            { HFIELD X c_int, hfield_nrow, nhfield, 1 }
            { HFIELD X c_int, hfield_ncol, nhfield, 1 }
            { HFIELD X c_int, hfield_adr, nhfield, 1 }
            { HFIELD XNV f32, hfield_data, nhfielddata, 1 }
            { HFIELD X c_int, hfield_pathadr, nhfield, 1 }
            { TEXTURE X c_int, tex_type, ntex, 1 }
            { TEXTURE X c_int, tex_colorspace, ntex, 1 }
            { TEXTURE X c_int, tex_height, ntex, 1 }
            { TEXTURE X c_int, tex_width, ntex, 1 }
            { TEXTURE X c_int, tex_nchannel, ntex, 1 }
            { TEXTURE X c_int, tex_adr, ntex, 1 }
            { TEXTURE XNV mjtByte, tex_data, ntexdata, 1 }
            { TEXTURE X c_int, tex_pathadr, ntex, 1 }
            { MATERIAL X c_int, mat_texid, nmat, mjNTEXROLE }
            { MATERIAL X mjtByte, mat_texuniform, nmat, 1 }
            { MATERIAL X f32, mat_texrepeat, nmat, 2 }
            { MATERIAL X f32, mat_emission, nmat, 1 }
            { MATERIAL X f32, mat_specular, nmat, 1 }
            { MATERIAL X f32, mat_shininess, nmat, 1 }
            { MATERIAL X f32, mat_reflectance, nmat, 1 }
            { MATERIAL X f32, mat_metallic, nmat, 1 }
            { MATERIAL X f32, mat_roughness, nmat, 1 }
            { MATERIAL X f32, mat_rgba, nmat, 4 }
            { PAIR X c_int, pair_dim, npair, 1 }
            { PAIR X c_int, pair_geom1, npair, 1 }
            { PAIR X c_int, pair_geom2, npair, 1 }
            { PAIR X c_int, pair_signature, npair, 1 }
            { PAIR X mjtNum, pair_solref, npair, mjNREF }
            { PAIR X mjtNum, pair_solreffriction, npair, mjNREF }
            { PAIR X mjtNum, pair_solimp, npair, mjNIMP }
            { PAIR X mjtNum, pair_margin, npair, 1 }
            { PAIR X mjtNum, pair_gap, npair, 1 }
            { PAIR X mjtNum, pair_friction, npair, 5 }
            { EXCLUDE X c_int, exclude_signature, nexclude, 1 }
            { EQUALITY X c_int, eq_type, neq, 1 }
            { EQUALITY X c_int, eq_obj1id, neq, 1 }
            { EQUALITY X c_int, eq_obj2id, neq, 1 }
            { EQUALITY X c_int, eq_objtype, neq, 1 }
            { EQUALITY X mjtByte, eq_active0, neq, 1 }
            { EQUALITY X mjtNum, eq_solref, neq, mjNREF }
            { EQUALITY X mjtNum, eq_solimp, neq, mjNIMP }
            { EQUALITY X mjtNum, eq_data, neq, mjNEQDATA }
            { TENDON X c_int, tendon_adr, ntendon, 1 }
            { TENDON X c_int, tendon_num, ntendon, 1 }
            { TENDON X c_int, tendon_matid, ntendon, 1 }
            { TENDON X c_int, tendon_group, ntendon, 1 }
            { TENDON X c_int, tendon_treenum, ntendon, 1 }
            { TENDON X c_int, tendon_treeid, ntendon, 2 }
            { TENDON X mjtByte, tendon_limited, ntendon, 1 }
            { TENDON X mjtByte, tendon_actfrclimited, ntendon, 1 }
            { TENDON X mjtNum, tendon_width, ntendon, 1 }
            { TENDON X mjtNum, tendon_solref_lim, ntendon, mjNREF }
            { TENDON X mjtNum, tendon_solimp_lim, ntendon, mjNIMP }
            { TENDON X mjtNum, tendon_solref_fri, ntendon, mjNREF }
            { TENDON X mjtNum, tendon_solimp_fri, ntendon, mjNIMP }
            { TENDON X mjtNum, tendon_range, ntendon, 2 }
            { TENDON X mjtNum, tendon_actfrcrange, ntendon, 2 }
            { TENDON X mjtNum, tendon_margin, ntendon, 1 }
            { TENDON X mjtNum, tendon_stiffness, ntendon, 1 }
            { TENDON X mjtNum, tendon_damping, ntendon, 1 }
            { TENDON X mjtNum, tendon_armature, ntendon, 1 }
            { TENDON X mjtNum, tendon_frictionloss, ntendon, 1 }
            { TENDON X mjtNum, tendon_lengthspring, ntendon, 2 }
            { TENDON X mjtNum, tendon_length0, ntendon, 1 }
            { TENDON X mjtNum, tendon_invweight0, ntendon, 1 }
            { TENDON X mjtNum, tendon_user, ntendon, (m nuser_tendon) }
            { TENDON X f32, tendon_rgba, ntendon, 4 }
            { NONE X c_int, wrap_type, nwrap, 1 }
            { NONE X c_int, wrap_objid, nwrap, 1 }
            { NONE X mjtNum, wrap_prm, nwrap, 1 }
            { ACTUATOR X c_int, actuator_trntype, nu, 1 }
            { ACTUATOR X c_int, actuator_dyntype, nu, 1 }
            { ACTUATOR X c_int, actuator_gaintype, nu, 1 }
            { ACTUATOR X c_int, actuator_biastype, nu, 1 }
            { ACTUATOR X c_int, actuator_trnid, nu, 2 }
            { ACTUATOR X c_int, actuator_actadr, nu, 1 }
            { ACTUATOR X c_int, actuator_actnum, nu, 1 }
            { ACTUATOR X c_int, actuator_group, nu, 1 }
            { ACTUATOR X mjtByte, actuator_ctrllimited, nu, 1 }
            { ACTUATOR X mjtByte, actuator_forcelimited, nu, 1 }
            { ACTUATOR X mjtByte, actuator_actlimited, nu, 1 }
            { ACTUATOR X mjtNum, actuator_dynprm, nu, mjNDYN }
            { ACTUATOR X mjtNum, actuator_gainprm, nu, mjNGAIN }
            { ACTUATOR X mjtNum, actuator_biasprm, nu, mjNBIAS }
            { ACTUATOR X mjtByte, actuator_actearly, nu, 1 }
            { ACTUATOR X mjtNum, actuator_ctrlrange, nu, 2 }
            { ACTUATOR X mjtNum, actuator_forcerange, nu, 2 }
            { ACTUATOR X mjtNum, actuator_actrange, nu, 2 }
            { ACTUATOR X mjtNum, actuator_gear, nu, 6 }
            { ACTUATOR X mjtNum, actuator_cranklength, nu, 1 }
            { ACTUATOR X mjtNum, actuator_acc0, nu, 1 }
            { ACTUATOR X mjtNum, actuator_length0, nu, 1 }
            { ACTUATOR X mjtNum, actuator_lengthrange, nu, 2 }
            { ACTUATOR X mjtNum, actuator_user, nu, (m nuser_actuator) }
            { ACTUATOR X c_int, actuator_plugin, nu, 1 }
            { SENSOR X c_int, sensor_type, nsensor, 1 }
            { SENSOR X c_int, sensor_datatype, nsensor, 1 }
            { SENSOR X c_int, sensor_needstage, nsensor, 1 }
            { SENSOR X c_int, sensor_objtype, nsensor, 1 }
            { SENSOR X c_int, sensor_objid, nsensor, 1 }
            { SENSOR X c_int, sensor_reftype, nsensor, 1 }
            { SENSOR X c_int, sensor_refid, nsensor, 1 }
            { SENSOR X c_int, sensor_intprm, nsensor, mjNSENS }
            { SENSOR X c_int, sensor_dim, nsensor, 1 }
            { SENSOR X c_int, sensor_adr, nsensor, 1 }
            { SENSOR X mjtNum, sensor_cutoff, nsensor, 1 }
            { SENSOR X mjtNum, sensor_noise, nsensor, 1 }
            { SENSOR X mjtNum, sensor_user, nsensor, (m nuser_sensor) }
            { SENSOR X c_int, sensor_plugin, nsensor, 1 }
            { NONE X c_int, plugin, nplugin, 1 }
            { NONE X c_int, plugin_stateadr, nplugin, 1 }
            { NONE X c_int, plugin_statenum, nplugin, 1 }
            { NONE X c_char, plugin_attr, npluginattr, 1 }
            { NONE X c_int, plugin_attradr, nplugin, 1 }
            { NONE X c_int, numeric_adr, nnumeric, 1 }
            { NONE X c_int, numeric_size, nnumeric, 1 }
            { NONE X mjtNum, numeric_data, nnumericdata, 1 }
            { NONE X c_int, text_adr, ntext, 1 }
            { NONE X c_int, text_size, ntext, 1 }
            { NONE X c_char, text_data, ntextdata, 1 }
            { NONE X c_int, tuple_adr, ntuple, 1 }
            { NONE X c_int, tuple_size, ntuple, 1 }
            { NONE X c_int, tuple_objtype, ntupledata, 1 }
            { NONE X c_int, tuple_objid, ntupledata, 1 }
            { NONE X mjtNum, tuple_objprm, ntupledata, 1 }
            { NONE X mjtNum, key_time, nkey, 1 }
            { NONE X mjtNum, key_qpos, nkey, (m nq) }
            { NONE X mjtNum, key_qvel, nkey, (m nv) }
            { NONE X mjtNum, key_act, nkey, (m na) }
            { NONE X mjtNum, key_mpos, nkey, (m nmocap * 3) }
            { NONE X mjtNum, key_mquat, nkey, (m nmocap * 4) }
            { NONE X mjtNum, key_ctrl, nkey, (m nu) }
            { NONE X c_int, name_bodyadr, nbody, 1 }
            { NONE X c_int, name_jntadr, njnt, 1 }
            { NONE X c_int, name_geomadr, ngeom, 1 }
            { NONE X c_int, name_siteadr, nsite, 1 }
            { NONE X c_int, name_camadr, ncam, 1 }
            { NONE X c_int, name_lightadr, nlight, 1 }
            { NONE X c_int, name_flexadr, nflex, 1 }
            { NONE X c_int, name_meshadr, nmesh, 1 }
            { NONE X c_int, name_skinadr, nskin, 1 }
            { NONE X c_int, name_hfieldadr, nhfield, 1 }
            { NONE X c_int, name_texadr, ntex, 1 }
            { NONE X c_int, name_matadr, nmat, 1 }
            { NONE X c_int, name_pairadr, npair, 1 }
            { NONE X c_int, name_excludeadr, nexclude, 1 }
            { NONE X c_int, name_eqadr, neq, 1 }
            { NONE X c_int, name_tendonadr, ntendon, 1 }
            { NONE X c_int, name_actuatoradr, nu, 1 }
            { NONE X c_int, name_sensoradr, nsensor, 1 }
            { NONE X c_int, name_numericadr, nnumeric, 1 }
            { NONE X c_int, name_textadr, ntext, 1 }
            { NONE X c_int, name_tupleadr, ntuple, 1 }
            { NONE X c_int, name_keyadr, nkey, 1 }
            { NONE X c_int, name_pluginadr, nplugin, 1 }
            { NONE X c_char, names, nnames, 1 }
            { NONE X c_int, names_map, nnames_map, 1 }
            { NONE X c_char, paths, npaths, 1 }
            { NONE X c_int, B_rownnz, nbody, 1 }
            { NONE X c_int, B_rowadr, nbody, 1 }
            { NONE X c_int, B_colind, nB, 1 }
            { NONE X c_int, M_rownnz, nv, 1 }
            { NONE X c_int, M_rowadr, nv, 1 }
            { NONE X c_int, M_colind, nC, 1 }
            { NONE X c_int, mapM2M, nC, 1 }
            { NONE X c_int, D_rownnz, nv, 1 }
            { NONE X c_int, D_rowadr, nv, 1 }
            { NONE X c_int, D_diag, nv, 1 }
            { NONE X c_int, D_colind, nD, 1 }
            { NONE X c_int, mapM2D, nD, 1 }
            { NONE X c_int, mapD2M, nC, 1 }
            ]
        }
    };
}

/// Invokes `$cb!` with mjData's fixed fields and its array fields, in struct order.
///
/// Fixed fields (`head`, before the two memory blocks, and `tail`, after the arrays):
/// `{ C-type Rust-type name [C dims] XMACRO x-type x-rows x-cols }` where XMACRO is S for
/// `MJDATA_SCALAR`, V for `MJDATA_VECTOR` and N for neither.
///
/// Arrays: GROUP is BUF for arrays carved from `buffer` (rows are mjModel sizes), or the arena
/// sub-list (CONTACT, SOLVER, DUAL, ISLAND) for arrays placed in the arena at run time, whose rows
/// are `(d field)` or `(m field)`.
#[macro_export]
macro_rules! mjdata_table {
    ($cb:ident) => {
        $cb! {
            head: [
            { mjtSize mjtSize narena [] S size_t - - }
            { mjtSize mjtSize nbuffer [] S size_t - - }
            { int c_int nplugin [] S int - - }
            { size_t usize pstack [] S size_t - - }
            { size_t usize pbase [] S size_t - - }
            { size_t usize parena [] S size_t - - }
            { mjtSize mjtSize maxuse_stack [] S size_t - - }
            { mjtSize mjtSize maxuse_threadstack [mjMAXTHREAD] V size_t mjMAXTHREAD 1 }
            { mjtSize mjtSize maxuse_arena [] S size_t - - }
            { int c_int maxuse_con [] S int - - }
            { int c_int maxuse_efc [] S int - - }
            { mjSolverStat mjSolverStat solver [mjNISLAND*mjNSOLVER] V mjSolverStat mjNISLAND mjNSOLVER }
            { int c_int solver_niter [mjNISLAND] V int mjNISLAND 1 }
            { int c_int solver_nnz [mjNISLAND] V int mjNISLAND 1 }
            { mjtNum mjtNum solver_fwdinv [2] V mjtNum 2 1 }
            { mjWarningStat mjWarningStat warning [mjNWARNING] V mjWarningStat mjNWARNING 1 }
            { mjTimerStat mjTimerStat timer [mjNTIMER] V mjTimerStat mjNTIMER 1 }
            { int c_int ncon [] S int - - }
            { int c_int ne [] S int - - }
            { int c_int nf [] S int - - }
            { int c_int nl [] S int - - }
            { int c_int nefc [] S int - - }
            { int c_int nJ [] S int - - }
            { int c_int nA [] S int - - }
            { int c_int nisland [] S int - - }
            { int c_int nidof [] S int - - }
            { int c_int ntree_awake [] S int - - }
            { int c_int nbody_awake [] S int - - }
            { int c_int nparent_awake [] S int - - }
            { int c_int nv_awake [] S int - - }
            { mjtNum mjtNum time [] S mjtNum - - }
            { mjtNum mjtNum energy [2] V mjtNum 2 1 }
            ]
            tail: [
            { uintptr_t usize threadpool [] S uintptr_t - - }
            { uint64_t u64 signature [] N - - - }
            ]
            arrays: [
            { BUF X mjtNum, qpos, nq, 1 }
            { BUF X mjtNum, qvel, nv, 1 }
            { BUF X mjtNum, act, na, 1 }
            { BUF X mjtNum, qacc_warmstart, nv, 1 }
            { BUF X mjtNum, plugin_state, npluginstate, 1 }
            { BUF X mjtNum, ctrl, nu, 1 }
            { BUF X mjtNum, qfrc_applied, nv, 1 }
            { BUF X mjtNum, xfrc_applied, nbody, 6 }
            { BUF X mjtByte, eq_active, neq, 1 }
            { BUF X mjtNum, mocap_pos, nmocap, 3 }
            { BUF X mjtNum, mocap_quat, nmocap, 4 }
            { BUF X mjtNum, qacc, nv, 1 }
            { BUF X mjtNum, act_dot, na, 1 }
            { BUF X mjtNum, userdata, nuserdata, 1 }
            { BUF X mjtNum, sensordata, nsensordata, 1 }
            { BUF X c_int, tree_asleep, ntree, 1 }
            { BUF X c_int, plugin, nplugin, 1 }
            { BUF X usize, plugin_data, nplugin, 1 }
            { BUF X mjtNum, xpos, nbody, 3 }
            { BUF X mjtNum, xquat, nbody, 4 }
            { BUF X mjtNum, xmat, nbody, 9 }
            { BUF X mjtNum, xipos, nbody, 3 }
            { BUF X mjtNum, ximat, nbody, 9 }
            { BUF X mjtNum, xanchor, njnt, 3 }
            { BUF X mjtNum, xaxis, njnt, 3 }
            { BUF X mjtNum, geom_xpos, ngeom, 3 }
            { BUF X mjtNum, geom_xmat, ngeom, 9 }
            { BUF X mjtNum, site_xpos, nsite, 3 }
            { BUF X mjtNum, site_xmat, nsite, 9 }
            { BUF X mjtNum, cam_xpos, ncam, 3 }
            { BUF X mjtNum, cam_xmat, ncam, 9 }
            { BUF X mjtNum, light_xpos, nlight, 3 }
            { BUF X mjtNum, light_xdir, nlight, 3 }
            { BUF X mjtNum, subtree_com, nbody, 3 }
            { BUF X mjtNum, cdof, nv, 6 }
            { BUF X mjtNum, cinert, nbody, 10 }
            { BUF X mjtNum, flexvert_xpos, nflexvert, 3 }
            { BUF X mjtNum, flexelem_aabb, nflexelem, 6 }
            { BUF X c_int, flexedge_J_rownnz, nflexedge, 1 }
            { BUF X c_int, flexedge_J_rowadr, nflexedge, 1 }
            { BUF X c_int, flexedge_J_colind, nflexedge, (m nv) }
            { BUF X mjtNum, flexedge_J, nflexedge, (m nv) }
            { BUF X mjtNum, flexedge_length, nflexedge, 1 }
            { BUF X mjtNum, bvh_aabb_dyn, nbvhdynamic, 6 }
            { BUF X c_int, ten_wrapadr, ntendon, 1 }
            { BUF X c_int, ten_wrapnum, ntendon, 1 }
            { BUF X c_int, ten_J_rownnz, ntendon, 1 }
            { BUF X c_int, ten_J_rowadr, ntendon, 1 }
            { BUF X c_int, ten_J_colind, ntendon, (m nv) }
            { BUF X mjtNum, ten_J, ntendon, (m nv) }
            { BUF X mjtNum, ten_length, ntendon, 1 }
            { BUF X c_int, wrap_obj, nwrap, 2 }
            { BUF X mjtNum, wrap_xpos, nwrap, 6 }
            { BUF X mjtNum, actuator_length, nu, 1 }
            { BUF X c_int, moment_rownnz, nu, 1 }
            { BUF X c_int, moment_rowadr, nu, 1 }
            { BUF X c_int, moment_colind, nJmom, 1 }
            { BUF X mjtNum, actuator_moment, nJmom, 1 }
            { BUF XNV mjtNum, crb, nbody, 10 }
            { BUF XNV mjtNum, qM, nM, 1 }
            { BUF XNV mjtNum, M, nC, 1 }
            { BUF XNV mjtNum, qLD, nC, 1 }
            { BUF X mjtNum, qLDiagInv, nv, 1 }
            { BUF X mjtByte, bvh_active, nbvh, 1 }
            { BUF X c_int, tree_awake, ntree, 1 }
            { BUF X c_int, body_awake, nbody, 1 }
            { BUF X c_int, body_awake_ind, nbody, 1 }
            { BUF X c_int, parent_awake_ind, nbody, 1 }
            { BUF X c_int, dof_awake_ind, nv, 1 }
            { BUF X mjtNum, flexedge_velocity, nflexedge, 1 }
            { BUF X mjtNum, ten_velocity, ntendon, 1 }
            { BUF X mjtNum, actuator_velocity, nu, 1 }
            { BUF X mjtNum, cvel, nbody, 6 }
            { BUF X mjtNum, cdof_dot, nv, 6 }
            { BUF X mjtNum, qfrc_bias, nv, 1 }
            { BUF X mjtNum, qfrc_spring, nv, 1 }
            { BUF X mjtNum, qfrc_damper, nv, 1 }
            { BUF X mjtNum, qfrc_gravcomp, nv, 1 }
            { BUF X mjtNum, qfrc_fluid, nv, 1 }
            { BUF X mjtNum, qfrc_passive, nv, 1 }
            { BUF X mjtNum, subtree_linvel, nbody, 3 }
            { BUF X mjtNum, subtree_angmom, nbody, 3 }
            { BUF XNV mjtNum, qH, nC, 1 }
            { BUF X mjtNum, qHDiagInv, nv, 1 }
            { BUF XNV mjtNum, qDeriv, nD, 1 }
            { BUF XNV mjtNum, qLU, nD, 1 }
            { BUF X mjtNum, actuator_force, nu, 1 }
            { BUF X mjtNum, qfrc_actuator, nv, 1 }
            { BUF X mjtNum, qfrc_smooth, nv, 1 }
            { BUF X mjtNum, qacc_smooth, nv, 1 }
            { BUF X mjtNum, qfrc_constraint, nv, 1 }
            { BUF X mjtNum, qfrc_inverse, nv, 1 }
            { BUF X mjtNum, cacc, nbody, 6 }
            { BUF X mjtNum, cfrc_int, nbody, 6 }
            { BUF X mjtNum, cfrc_ext, nbody, 6 }
            { CONTACT X mjContact, contact, (d ncon), 1 }
            { SOLVER X c_int, efc_type, (d nefc), 1 }
            { SOLVER X c_int, efc_id, (d nefc), 1 }
            { SOLVER XNV c_int, efc_J_rownnz, (d nefc), 1 }
            { SOLVER XNV c_int, efc_J_rowadr, (d nefc), 1 }
            { SOLVER XNV c_int, efc_J_rowsuper, (d nefc), 1 }
            { SOLVER XNV c_int, efc_J_colind, (d nJ), 1 }
            { SOLVER XNV mjtNum, efc_J, (d nJ), 1 }
            { SOLVER X mjtNum, efc_pos, (d nefc), 1 }
            { SOLVER X mjtNum, efc_margin, (d nefc), 1 }
            { SOLVER X mjtNum, efc_frictionloss, (d nefc), 1 }
            { SOLVER X mjtNum, efc_diagApprox, (d nefc), 1 }
            { SOLVER X mjtNum, efc_KBIP, (d nefc), 4 }
            { SOLVER X mjtNum, efc_D, (d nefc), 1 }
            { SOLVER X mjtNum, efc_R, (d nefc), 1 }
            { SOLVER X c_int, tendon_efcadr, (m ntendon), 1 }
            { ISLAND X c_int, tree_island, (m ntree), 1 }
            { ISLAND X c_int, island_ntree, (d nisland), 1 }
            { ISLAND X c_int, island_itreeadr, (d nisland), 1 }
            { ISLAND X c_int, map_itree2tree, (m ntree), 1 }
            { ISLAND X c_int, dof_island, (m nv), 1 }
            { ISLAND X c_int, island_nv, (d nisland), 1 }
            { ISLAND X c_int, island_idofadr, (d nisland), 1 }
            { ISLAND X c_int, island_dofadr, (d nisland), 1 }
            { ISLAND X c_int, map_dof2idof, (m nv), 1 }
            { ISLAND X c_int, map_idof2dof, (m nv), 1 }
            { ISLAND X mjtNum, ifrc_smooth, (d nidof), 1 }
            { ISLAND X mjtNum, iacc_smooth, (d nidof), 1 }
            { ISLAND XNV c_int, iM_rownnz, (d nidof), 1 }
            { ISLAND XNV c_int, iM_rowadr, (d nidof), 1 }
            { ISLAND XNV c_int, iM_colind, (m nC), 1 }
            { ISLAND XNV mjtNum, iM, (m nC), 1 }
            { ISLAND XNV mjtNum, iLD, (m nC), 1 }
            { ISLAND X mjtNum, iLDiagInv, (d nidof), 1 }
            { ISLAND X mjtNum, iacc, (d nidof), 1 }
            { ISLAND X c_int, efc_island, (d nefc), 1 }
            { ISLAND X c_int, island_ne, (d nisland), 1 }
            { ISLAND X c_int, island_nf, (d nisland), 1 }
            { ISLAND X c_int, island_nefc, (d nisland), 1 }
            { ISLAND X c_int, island_iefcadr, (d nisland), 1 }
            { ISLAND X c_int, map_efc2iefc, (d nefc), 1 }
            { ISLAND X c_int, map_iefc2efc, (d nefc), 1 }
            { ISLAND X c_int, iefc_type, (d nefc), 1 }
            { ISLAND X c_int, iefc_id, (d nefc), 1 }
            { ISLAND XNV c_int, iefc_J_rownnz, (d nefc), 1 }
            { ISLAND XNV c_int, iefc_J_rowadr, (d nefc), 1 }
            { ISLAND XNV c_int, iefc_J_rowsuper, (d nefc), 1 }
            { ISLAND XNV c_int, iefc_J_colind, (d nJ), 1 }
            { ISLAND XNV mjtNum, iefc_J, (d nJ), 1 }
            { ISLAND X mjtNum, iefc_frictionloss, (d nefc), 1 }
            { ISLAND X mjtNum, iefc_D, (d nefc), 1 }
            { ISLAND X mjtNum, iefc_R, (d nefc), 1 }
            { DUAL XNV c_int, efc_AR_rownnz, (d nefc), 1 }
            { DUAL XNV c_int, efc_AR_rowadr, (d nefc), 1 }
            { DUAL XNV c_int, efc_AR_colind, (d nA), 1 }
            { DUAL XNV mjtNum, efc_AR, (d nA), 1 }
            { SOLVER X mjtNum, efc_vel, (d nefc), 1 }
            { SOLVER X mjtNum, efc_aref, (d nefc), 1 }
            { SOLVER X mjtNum, efc_b, (d nefc), 1 }
            { ISLAND X mjtNum, iefc_aref, (d nefc), 1 }
            { ISLAND X c_int, iefc_state, (d nefc), 1 }
            { ISLAND X mjtNum, iefc_force, (d nefc), 1 }
            { SOLVER X c_int, efc_state, (d nefc), 1 }
            { SOLVER X mjtNum, efc_force, (d nefc), 1 }
            { ISLAND X mjtNum, ifrc_constraint, (d nidof), 1 }
            ]
        }
    };
}
